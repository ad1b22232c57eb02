import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customerScope, setToken } from "@/lib/token-storage";
import { makeCustomer, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { makeDashboard } from "@/test/customer-data";

import { renderRoutes } from "@/test/render";
import { routes } from "../router";

describe("merchant area guard", () => {
  it("anonymous → the login page", async () => {
    mockApi({});
    const { router } = renderRoutes(routes, "/merchant/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
  });

  it("signed in without a shop → create shop", async () => {
    setToken("m");
    mockApi({
      "GET /user/get-user": { user: makeUser({ shopId: null }) },
      "GET /shop/get-shop-by-userId": { shop: null },
    });
    const { router } = renderRoutes(routes, "/merchant/profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/create-shop"));
  });

  it("a customer's token is not a merchant session → the login page, no merchant call", async () => {
    setToken("c", customerScope(7));
    const api = mockApi({});
    const { router } = renderRoutes(routes, "/merchant/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(api.callsTo("GET /shop/get-shop-by-userId")).toHaveLength(0);
    expect(api.callsTo("GET /user/get-user")).toHaveLength(0);
  });

  it("signed in with a shop → the dashboard in the shell", async () => {
    setToken("m");
    mockApi({
      "GET /user/get-user": { user: makeUser() },
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    renderRoutes(routes, "/merchant");
    expect(
      await screen.findByRole("heading", { name: "Welcome back, Olivia" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Hospitality")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Open storefront/ })).toHaveAttribute("href", "/7");
  });
});

describe("customer area guard", () => {
  const shopRoute = { "GET /shop/get-shop-by-Id": { shop: makeShop() } };

  it("anonymous → the shop's login", async () => {
    mockApi(shopRoute);
    const { router } = renderRoutes(routes, "/7/customer/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/7/login"));
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
  });

  it("a customer of another shop → this shop's login", async () => {
    setToken("c", customerScope(8));
    mockApi(shopRoute);
    const { router } = renderRoutes(routes, "/7/customer/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/7/login"));
  });

  it("a merchant's token → the merchant dashboard", async () => {
    setToken("m");
    mockApi({
      ...shopRoute,
      "GET /user/get-user": { user: makeUser() },
      "GET /shop/get-shop-by-userId": { shop: makeShop() },
    });
    const { router } = renderRoutes(routes, "/7/customer/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/dashboard"));
  });

  it("this shop's customer → the dashboard with the shop's header and menu", async () => {
    setToken("c", customerScope(7));
    mockApi({
      ...shopRoute,
      "GET /customer/auth/me": { customer: makeCustomer({ id: 5, shopId: 7 }) },
      "GET /customer/profile/get-customer/5": makeDashboard(),
      "GET /customer/memberships/get-active-memberships": { memberships: [] },
      "GET /customer/offers/get-active-offers": { offers: [] },
    });
    renderRoutes(routes, "/7/customer");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(
      screen.getByText("Your membership, offers and cashback at Bean There"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Account menu/ })).toBeInTheDocument();
  });
});
