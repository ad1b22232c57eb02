import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { getSessionScope, getToken, setToken } from "@/lib/token-storage";
import { jsonResponse, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { fillAndSubmit, renderLogin } from "./login-test-helpers";

const signInOk = { token: "new-token", user: makeUser() };

describe("LoginPage", () => {
  it("shows the brand, tagline, links and sets the title", async () => {
    mockApi({});
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
    const api = mockApi({});
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid password")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("POST /auth/sign-in")).toHaveLength(0);

    // Editing a field clears its message.
    await user.type(screen.getByLabelText("E-mail"), "a");
    expect(screen.queryByText("Please enter a valid email address")).not.toBeInTheDocument();
    expect(screen.getByText("Please enter a valid password")).toBeInTheDocument();
  });

  it("with a shop: stores the token and goes to the merchant dashboard", async () => {
    setToken("stale");
    const api = mockApi({
      "GET /user/get-user": jsonResponse({ message: "Session expired" }, 401),
      "POST /auth/sign-in": signInOk,
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    const { router } = renderLogin();

    // The stale session ends on the way (401), the form shows.
    await fillAndSubmit("Owner@Shop.com ", "Secret@123");

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/merchant/dashboard");
    expect(getToken()).toBe("new-token");
    expect(getSessionScope()).toEqual({ kind: "merchant" });
    const [signIn] = api.callsTo("POST /auth/sign-in");
    // E-mail trimmed and lower-cased; a stale token is never sent with a sign-in.
    expect(signIn?.body).toEqual({ email: "owner@shop.com", password: "Secret@123" });
    expect(signIn?.headers.has("Authorization")).toBe(false);
    expect(api.callsTo("GET /shop/get-shop-by-userId").at(-1)?.headers.get("Authorization")).toBe(
      "Bearer new-token",
    );
  });

  it("without a shop: goes to create shop", async () => {
    mockApi({
      "POST /auth/sign-in": signInOk,
      "GET /shop/get-shop-by-userId": { shop: null },
    });
    const { router } = renderLogin();
    await fillAndSubmit("owner@shop.com", "Secret@123");
    expect(await screen.findByRole("heading", { name: "Create shop" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/create-shop");
  });

  it("when loading the shop fails: goes to create shop", async () => {
    mockApi({
      "POST /auth/sign-in": signInOk,
      "GET /shop/get-shop-by-userId": jsonResponse({ message: "Forbidden" }, 403),
    });
    const { router } = renderLogin();
    await fillAndSubmit("owner@shop.com", "Secret@123");
    expect(await screen.findByRole("heading", { name: "Create shop" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/create-shop");
    expect(getToken()).toBe("new-token");
  });

  it("sends a merchant who is already signed in (or back from Google) on without the form", async () => {
    setToken("google-token");
    const api = mockApi({
      "GET /user/get-user": { user: makeUser() },
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    const { router } = renderLogin();
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/merchant/dashboard");
    expect(api.callsTo("GET /user/get-user")).toHaveLength(1);
  });

  it("takes a Google return's ?token= and lands", async () => {
    mockApi({
      "GET /user/get-user": { user: makeUser() },
      "GET /shop/get-shop-by-userId": { shop: null },
    });
    const { router } = renderLogin("/?token=from-google");
    expect(await screen.findByRole("heading", { name: "Create shop" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/create-shop");
    expect(getToken()).toBe("from-google");
  });

  it("shows the server's message on the password field", async () => {
    mockApi({
      "POST /auth/sign-in": jsonResponse({ message: "Invalid email or password" }, 401),
    });
    renderLogin();
    await fillAndSubmit("owner@shop.com", "Secret@123");

    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      "Invalid email or password",
    );
    expect(getToken()).toBeNull();
  });

  it('says "Invalid password" when the server gives no message', async () => {
    mockApi({ "POST /auth/sign-in": new Response("", { status: 401 }) });
    renderLogin();
    await fillAndSubmit("owner@shop.com", "Secret@123");
    expect(await screen.findByText("Invalid password")).toBeInTheDocument();
  });

  it("marks the button busy while the request runs", async () => {
    let respond: (response: Response) => void = () => {};
    mockApi({
      "POST /auth/sign-in": () =>
        new Promise<Response>((resolve) => {
          respond = resolve;
        }),
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    renderLogin();
    await fillAndSubmit("owner@shop.com", "Secret@123");

    const button = screen.getByRole("button", { name: "Log in" });
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"));
    expect(button).toBeDisabled();
    respond(jsonResponse(signInOk));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it("shows the Google button only when the server has it configured", async () => {
    mockApi({ "GET /auth/providers": { google: true } });
    renderLogin();
    const google = await screen.findByRole("link", { name: "Log in with Google" });
    expect(google).toHaveAttribute("href", "/api/v1/auth/google");
  });

  it("shows an error parameter from a third-party sign-in as a toast", async () => {
    mockApi({});
    const errorToast = vi.spyOn(toast, "error");
    const { router } = renderLogin("/?error=Your%20Google%20account%20has%20no%20e-mail");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(errorToast).toHaveBeenCalledWith("Your Google account has no e-mail", expect.anything());
  });
});
