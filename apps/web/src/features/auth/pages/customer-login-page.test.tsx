import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import {
  customerScope,
  getSessionScope,
  getStoredCustomer,
  getToken,
  setToken,
} from "@/lib/token-storage";
import { jsonResponse, makeCustomer, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";

const shopRoute = { "GET /shop/get-shop-by-Id": { shop: makeShop() } };

async function logIn(email = "casey@example.com", password = "Secret@123") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("E-mail"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

/** Opens the shop's login as the e-mail verification link does (?verified=1). */
function openFromVerificationLink() {
  const successToast = vi.spyOn(toast, "success");
  mockApi(shopRoute);
  const { router } = renderRoutes(routes, "/7/login?verified=1");
  const expectVerifiedToast = () =>
    expect(successToast).toHaveBeenCalledWith(
      "Your email is verified. You can log in now.",
      expect.anything(),
    );
  return { router, expectVerifiedToast };
}

describe("customer login (/{shopId}/login)", () => {
  it("is branded for the shop, with its links", async () => {
    mockApi({ ...shopRoute, "GET /auth/providers": { google: true } });
    renderRoutes(routes, "/7/login");
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeInTheDocument();
    expect(screen.getAllByText("Bean There").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Forgot Password" })).toHaveAttribute(
      "href",
      "/7/pass/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/7/register");
    expect(await screen.findByRole("link", { name: "Log in with Google" })).toHaveAttribute(
      "href",
      "/api/v1/customer/auth/google?shopId=7",
    );
    expect(document.documentElement.style.getPropertyValue("--primary")).toBe("#0099D8");
  });

  it("a customer: stores token and customer, goes to the customer dashboard", async () => {
    const api = mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in": { token: "c-tok", customer: makeCustomer() },
    });
    const { router } = renderRoutes(routes, "/7/login");
    await logIn();
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/7/customer/dashboard");
    expect(getToken()).toBe("c-tok");
    expect(getSessionScope()).toEqual({ kind: "customer", shopId: "7" });
    expect(getStoredCustomer()).toEqual({ id: 31, contactId: "ct_31", shopId: 7 });
    expect(api.callsTo("POST /customer/auth/sign-in")[0]?.body).toEqual({
      email: "casey@example.com",
      password: "Secret@123",
      shopId: 7,
    });
  });

  it("the shop's merchant: goes to the merchant dashboard", async () => {
    mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in": { token: "m-tok", merchant: makeUser() },
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
      "GET /user/get-user": { user: makeUser() },
    });
    const { router } = renderRoutes(routes, "/7/login");
    await logIn("owner@shop.com");
    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/dashboard"));
    expect(getSessionScope()).toEqual({ kind: "merchant" });
    expect(getStoredCustomer()).toBeNull();
  });

  it("the shop's merchant with two-factor sign-in: the code step on the merchant login", async () => {
    mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in": {
        twoFactor: { challenge: "ch-9", mode: "verify", expiresAt: "2030-01-01T00:00:00.000Z" },
      },
    });
    const { router } = renderRoutes(routes, "/7/login");
    await logIn("owner@shop.com");
    expect(
      await screen.findByRole("heading", { name: "Two-factor sign-in" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe("?twoFactor=ch-9&mode=verify");
    expect(getToken()).toBeNull();
  });

  it("shows a wrong password on the password field", async () => {
    mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in": jsonResponse({ message: "Invalid email or password" }, 401),
    });
    renderRoutes(routes, "/7/login");
    await logIn();
    expect(await screen.findByLabelText("Password")).toHaveAccessibleDescription(
      "Invalid email or password",
    );
  });

  it("back from Google with ?token=: stored for this shop, on to the dashboard", async () => {
    mockApi(shopRoute);
    const { router } = renderRoutes(routes, "/7/login?token=g-tok");
    await waitFor(() => expect(router.state.location.pathname).toBe("/7/customer/dashboard"));
    expect(getToken()).toBe("g-tok");
    expect(getSessionScope()).toEqual({ kind: "customer", shopId: "7" });
  });

  it("after the verification link (?verified=1): a success toast", async () => {
    const { router, expectVerifiedToast } = openFromVerificationLink();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expectVerifiedToast();
  });

  it("id 0 on login or register goes to /not-found", async () => {
    mockApi({});
    const { router } = renderRoutes(routes, "/0/register");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/not-found");
  });
});

describe("customer login when already signed in", () => {
  it("shows the verified toast, then goes on to the dashboard", async () => {
    setToken("c-tok", customerScope(7));
    const { router, expectVerifiedToast } = openFromVerificationLink();
    await waitFor(() => expect(router.state.location.pathname).toBe("/7/customer/dashboard"));
    expectVerifiedToast();
  });
});
