import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getToken, setToken } from "@/lib/token-storage";
import { renderRoutes } from "@/test/render";
import { LoginPage } from "./login-page";

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function renderLogin(initialEntry = "/") {
  return renderRoutes(
    [
      { path: "/", element: <LoginPage /> },
      { path: "/merchant/dashboard", element: <h1>Dashboard</h1> },
    ],
    initialEntry,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("E-mail"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log in" }));
  return user;
}

describe("LoginPage", () => {
  it("shows the brand, tagline, links and sets the title", async () => {
    renderLogin();
    expect(
      await screen.findByRole("heading", { name: "Log in to your account" }),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText("Revolutionize Revenue, One Membership at a Time.").length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Forgot Password" })).toHaveAttribute(
      "href",
      "/pass/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("button", { name: "Switch to dark theme" })).toBeInTheDocument();
    expect(document.title).toBe("Log in · Tessera");
  });

  it("validates with the shared login schema before calling the API", async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid password")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("signs in, stores the token and goes to the merchant dashboard", async () => {
    setToken("stale");
    fetchMock.mockResolvedValueOnce(jsonResponse({ token: "new-token", user: { id: 1 } }));
    const { router } = renderLogin();
    await screen.findByLabelText("E-mail");

    await fillAndSubmit("owner@shop.com", "Secret@123");

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/merchant/dashboard");
    expect(getToken()).toBe("new-token");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/auth/sign-in");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "owner@shop.com",
      password: "Secret@123",
    });
    // A stale token is never sent with a sign-in.
    expect(new Headers(init?.headers).has("Authorization")).toBe(false);
  });

  it("shows the server's message on the password field", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: "Wrong e-mail or password" }, 401));
    renderLogin();
    await screen.findByLabelText("E-mail");
    await fillAndSubmit("owner@shop.com", "Secret@123");

    expect(await screen.findByText("Wrong e-mail or password")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      "Wrong e-mail or password",
    );
    expect(getToken()).toBeNull();
  });

  it('says "Invalid password" when the server gives no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 401 }));
    renderLogin();
    await screen.findByLabelText("E-mail");
    await fillAndSubmit("owner@shop.com", "Secret@123");
    expect(await screen.findByText("Invalid password")).toBeInTheDocument();
  });

  it("marks the button busy while the request runs", async () => {
    let respond: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(
      new Promise<Response>((resolve) => {
        respond = resolve;
      }),
    );
    renderLogin();
    await screen.findByLabelText("E-mail");
    await fillAndSubmit("owner@shop.com", "Secret@123");

    const button = screen.getByRole("button", { name: "Log in" });
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"));
    expect(button).toBeDisabled();
    respond(jsonResponse({ token: "t" }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it("shows an error parameter from a third-party sign-in as a toast", async () => {
    const errorToast = vi.spyOn(toast, "error");
    const { router } = renderLogin("/?error=Your%20Google%20account%20has%20no%20e-mail");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(errorToast).toHaveBeenCalledWith("Your Google account has no e-mail", expect.anything());
  });
});
