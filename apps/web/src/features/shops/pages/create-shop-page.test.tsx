import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { setToken } from "@/lib/token-storage";
import { jsonResponse, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { openAsMerchant } from "@/test/merchant-app";
import { renderRoutes } from "@/test/render";

const png = (name = "logo.png") => new File(["png"], name, { type: "image/png" });

function signedInWithoutShop(
  extra: Record<string, unknown> = {},
  user = makeUser({ shopId: null }),
) {
  setToken("merchant-token");
  return mockApi({
    "GET /user/get-user": { user },
    "GET /shop/get-shop-by-userId": { shop: null },
    ...extra,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("create shop", () => {
  it("an anonymous visit goes to the login page", async () => {
    mockApi({});
    const { router } = renderRoutes(routes, "/create-shop");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("an owner who already has a shop goes to the dashboard", async () => {
    const { router } = openAsMerchant("/create-shop");
    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/dashboard"));
  });

  it("shows the fields with the spec's labels and image advice", async () => {
    signedInWithoutShop();
    renderRoutes(routes, "/create-shop");
    expect(await screen.findByRole("textbox", { name: "Shop Name" })).toBeInTheDocument();
    expect(screen.getByLabelText("Industry")).toBeInTheDocument();
    expect(
      screen.getByText("Square, at least 200x200 pixels, png, jpeg, heic, heif, up to 6MB."),
    ).toBeInTheDocument();
    expect(screen.getByText("At least 2048x1152 and 6MB or less.")).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Hospitality" })).toBeInTheDocument();
  });

  it("form errors clear after 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedInWithoutShop();
    renderRoutes(routes, "/create-shop");
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole("button", { name: "Create Shop" }));

    expect(await screen.findByText("Shop name is required")).toBeInTheDocument();
    expect(screen.getByText("Shop Logo is required")).toBeInTheDocument();
    expect(screen.getByText("Shop Banner is required")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText("Shop name is required")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Shop name is required")).not.toBeInTheDocument();
    expect(screen.queryByText("Shop Logo is required")).not.toBeInTheDocument();
    expect(screen.queryByText("Shop Banner is required")).not.toBeInTheDocument();
  });

  it("refuses a file of the wrong type with the shared message", async () => {
    signedInWithoutShop();
    renderRoutes(routes, "/create-shop");
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText(/Company Logo/),
      new File(["gif"], "logo.gif", { type: "image/gif" }),
    );
    expect(
      await screen.findByText("Only PNG, JPEG, HEIC and HEIF files are allowed"),
    ).toBeInTheDocument();
  });

  it("creates the shop (multipart) and goes to the profile page", async () => {
    const api = signedInWithoutShop({
      "POST /shop/create-shop": jsonResponse(
        { message: "Shop created successfully", shop: makeShop() },
        201,
      ),
    });
    const { router } = renderRoutes(routes, "/create-shop");
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Shop Name" }), "Bean There");
    await user.selectOptions(screen.getByLabelText("Industry"), "Hospitality");
    await user.upload(screen.getByLabelText(/Company Logo/), png("my logo.png"));
    await user.upload(screen.getByLabelText(/Company Banner/), png("banner.png"));
    expect(screen.getByText("my logo.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Shop" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/profile"));
    const body = api.callsTo("POST /shop/create-shop")[0]?.body as FormData;
    expect(body.get("name")).toBe("Bean There");
    expect(body.get("industry")).toBe("Hospitality");
    expect((body.get("logo") as File).name).toBe("my_logo.png");
    expect(body.get("banner")).toBeInstanceOf(File);
  });

  it("an unverified account sees the verify notice with Resend instead of the form", async () => {
    const api = signedInWithoutShop(
      { "POST /auth/resend-verify-email": { message: "sent" } },
      makeUser({ shopId: null, emailVerified: false }),
    );
    renderRoutes(routes, "/create-shop");
    expect(
      await screen.findByText(
        "Please verify your email address first. Check your inbox or resend the link.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Shop Name" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Resend" }));
    expect(api.callsTo("POST /auth/resend-verify-email")[0]?.body).toEqual({
      email: "owner@shop.com",
    });
  });

  it("a 403 from the server switches to the verify notice", async () => {
    signedInWithoutShop({
      "POST /shop/create-shop": jsonResponse(
        { message: "Please verify your email address first. Check your inbox or resend the link." },
        403,
      ),
    });
    renderRoutes(routes, "/create-shop");
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Shop Name" }), "Bean There");
    await user.upload(screen.getByLabelText(/Company Logo/), png());
    await user.upload(screen.getByLabelText(/Company Banner/), png("banner.png"));
    await user.click(screen.getByRole("button", { name: "Create Shop" }));
    expect(await screen.findByRole("button", { name: "Resend" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Shop Name" })).not.toBeInTheDocument();
  });
});
