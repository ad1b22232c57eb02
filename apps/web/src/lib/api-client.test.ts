import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  buildApiUrl,
  del,
  FETCH_FAILED_MESSAGE,
  fileNameFromDisposition,
  get,
  getFile,
  post,
  put,
} from "./api-client";
import { SESSION_EXPIRED_MESSAGE, setSessionNavigator } from "./session";
import { toast } from "./toast";
import { getToken, setToken } from "./token-storage";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const fetchMock = vi.fn<typeof fetch>();
const navigateMock = vi.fn<(to: string) => void>();
let unregisterNavigator: () => void;

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockReset();
  navigateMock.mockReset();
  unregisterNavigator = setSessionNavigator(navigateMock);
});

afterEach(() => {
  unregisterNavigator();
  window.history.replaceState(null, "", "/");
});

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error("fetch was not called");
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe("api client requests", () => {
  it("calls /api/v1 with the bearer token when one is stored", async () => {
    setToken("tok-123");
    fetchMock.mockResolvedValueOnce(jsonResponse({ user: { id: 1 } }));

    const data = await get<{ user: { id: number } }>("/user/get-user");

    expect(data).toEqual({ user: { id: 1 } });
    const { url, init, headers } = lastRequest();
    expect(url).toBe("/api/v1/user/get-user");
    expect(init.method).toBe("GET");
    expect(headers.get("Authorization")).toBe("Bearer tok-123");
  });

  it("sends no Authorization header without a token, or with auth: false", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await get("/shop/get-shop-by-Id", { query: { shopId: 4 } });
    expect(lastRequest().headers.has("Authorization")).toBe(false);
    expect(lastRequest().url).toBe("/api/v1/shop/get-shop-by-Id?shopId=4");

    setToken("tok-123");
    await post("/auth/sign-in", { email: "a@b.co", password: "x" }, { auth: false });
    expect(lastRequest().headers.has("Authorization")).toBe(false);
  });

  it("sends JSON bodies as JSON and FormData as is", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: "ok" }));

    await put("/shop/update-shop", { name: "Bean There" });
    let request = lastRequest();
    expect(request.init.method).toBe("PUT");
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(request.init.body).toBe(JSON.stringify({ name: "Bean There" }));

    const form = new FormData();
    form.append("name", "Bean There");
    await post("shop/create-shop", form);
    request = lastRequest();
    expect(request.url).toBe("/api/v1/shop/create-shop");
    expect(request.init.body).toBe(form);
    // The browser must set the multipart boundary itself.
    expect(request.headers.has("Content-Type")).toBe(false);
  });

  it("returns undefined for an empty success", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(del("/offers/delete-offer-by-id", undefined, { query: { id: 3 } })).resolves.toBe(
      undefined,
    );
    expect(lastRequest().init.method).toBe("DELETE");
    expect(lastRequest().url).toBe("/api/v1/offers/delete-offer-by-id?id=3");
  });

  it("builds query strings without empty values", () => {
    expect(buildApiUrl("/reports/x", { a: "1", b: undefined, c: null, d: false })).toBe(
      "/api/v1/reports/x?a=1&d=false",
    );
  });
});

describe("api client errors", () => {
  it("throws an ApiError with the body's message, title, errors and status", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { message: "Offer is sold out", title: "Sorry", errors: { quantity: "Too many" } },
        409,
      ),
    );

    const error = await post("/customer/offers/purchase-offer/1", {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe("Offer is sold out");
    expect(apiError.title).toBe("Sorry");
    expect(apiError.errors).toEqual({ quantity: "Too many" });
    expect(apiError.status).toBe(409);
    expect(apiError.body.message).toBe("Offer is sold out");
  });

  it("falls back to the spec's text when the error body has no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(get("/members")).rejects.toMatchObject({
      message: FETCH_FAILED_MESSAGE,
      status: 502,
    });
  });

  it("falls back to the spec's text when the network fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(get("/members")).rejects.toMatchObject({
      name: "ApiError",
      message: FETCH_FAILED_MESSAGE,
      status: 0,
    });
  });

  it("falls back to the spec's text when a success body is not valid JSON", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("{not json", { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    await expect(get("/members")).rejects.toMatchObject({ message: FETCH_FAILED_MESSAGE });
  });
});

describe("session end on 401", () => {
  it("clears the stored token, toasts once and goes to / from the merchant area", async () => {
    const errorToast = vi.spyOn(toast, "error");
    window.history.replaceState(null, "", "/merchant/members");
    setToken("expired");
    fetchMock.mockImplementation(async () => jsonResponse({ message: "Session expired" }, 401));

    const results = await Promise.allSettled([get("/members"), get("/offers"), get("/stats")]);

    expect(getToken()).toBeNull();
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    const sessionEndToasts = errorToast.mock.calls.filter(
      ([content]) => content === SESSION_EXPIRED_MESSAGE,
    );
    expect(sessionEndToasts).toHaveLength(1);
    expect(navigateMock).toHaveBeenCalledTimes(1);
    expect(navigateMock).toHaveBeenCalledWith("/");
    const [first] = results;
    expect(first?.status === "rejected" && (first.reason as ApiError).sessionEnded).toBe(true);
  });

  it("goes to the shop's login page from a shop page", async () => {
    window.history.replaceState(null, "", "/shop-42/customer/dashboard");
    setToken("expired");
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: "Unauthorized" }, 401));

    await expect(get("/customer/profile/get-customer/1")).rejects.toBeInstanceOf(ApiError);

    expect(getToken()).toBeNull();
    expect(navigateMock).toHaveBeenCalledWith("/shop-42/login");
  });

  it("does not end a session on a 401 without a stored token (wrong password)", async () => {
    const errorToast = vi.spyOn(toast, "error");
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: "Invalid credentials" }, 401));

    await expect(post("/auth/sign-in", {}, { auth: false })).rejects.toMatchObject({
      message: "Invalid credentials",
      status: 401,
      sessionEnded: false,
    });
    expect(errorToast).not.toHaveBeenCalled();
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it("keeps a token that replaced the one the request was sent with", async () => {
    setToken("old");
    fetchMock.mockImplementationOnce(async () => {
      setToken("fresh-login");
      return jsonResponse({ message: "Unauthorized" }, 401);
    });

    await expect(get("/members")).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe("fresh-login");
    expect(navigateMock).not.toHaveBeenCalled();
  });
});

describe("file downloads", () => {
  it("sends the token and returns the bytes under the server's file name", async () => {
    setToken("tok-file");
    fetchMock.mockResolvedValueOnce(
      new Response("Redemption Date,Item\r\n", {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition":
            "attachment; filename=\"redemptions_This month_2024-09-05.csv\"; filename*=UTF-8''redemptions_This%20month_2024-09-05.csv",
        },
      }),
    );
    const file = await getFile("/reports/export-redemption-report", {
      query: { timeFilter: "currentMonth" },
    });
    expect(lastRequest().url).toBe(
      "/api/v1/reports/export-redemption-report?timeFilter=currentMonth",
    );
    expect(lastRequest().headers.get("Authorization")).toBe("Bearer tok-file");
    expect(file.fileName).toBe("redemptions_This month_2024-09-05.csv");
    expect(await file.blob.text()).toBe("Redemption Date,Item\r\n");
  });

  it("fails with the server's message, and a 401 ends the session as for any call", async () => {
    setToken("tok-file");
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: "No redemption data available to download" }, 404),
    );
    await expect(getFile("/reports/export-redemption-report")).rejects.toMatchObject({
      message: "No redemption data available to download",
      status: 404,
    });
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: "Unauthorized" }, 401));
    await expect(getFile("/reports/export-redemption-report")).rejects.toMatchObject({
      sessionEnded: true,
    });
    expect(getToken()).toBeNull();
  });

  it("reads quoted, plain and extended file names", () => {
    expect(fileNameFromDisposition('attachment; filename="a b.csv"')).toBe("a b.csv");
    expect(fileNameFromDisposition("attachment; filename=a.csv")).toBe("a.csv");
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''a%20b.csv")).toBe("a b.csv");
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
