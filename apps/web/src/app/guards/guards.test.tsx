import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customerScope, setToken } from "@/lib/token-storage";
import { makeCustomer, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { makeDashboard } from "@/test/customer-data";
import { openAsMerchant } from "@/test/merchant-app";
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
    openAsMerchant("/merchant");
    expect(
      await screen.findByRole("heading", { name: "Welcome back, Olivia" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("Hospitality")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Open storefront/ })).toHaveAttribute("href", "/7");
  });
});

describe("merchant area's first reads", () => {
  const stats = {
    stats: {
      totalRecurringRevenue: 120,
      totalRecurringRevenuePercentage: null,
      newMemberships: 3,
      newMembershipsPercentage: null,
      activeSubscriptions: 4,
      totalRevenue: 45.5,
      totalRevenuePercentage: null,
      soldOffers: 2,
      soldOffersPercentage: null,
    },
    bucket: "day",
    series: [{ date: "2026-11-01", membershipRevenue: 120, offerRevenue: 45.5 }],
  };

  /** The API with the shop's answer held back until `release` is called. */
  function apiWithHeldShop() {
    let release = () => {};
    const shopAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockApi({
      "GET /user/get-user": { user: makeUser() },
      "GET /shop/get-shop-by-userId": () => shopAnswered.then(() => ({ shop: makeShop() })),
      "GET /shop/dashboard-stats": stats,
      "GET /offers/get-all-offers-dashboard": { offers: [] },
    });
    return { api, release };
  }

  it("the dashboard's figures and the user are asked for while the shop loads, once", async () => {
    setToken("m");
    const { api, release } = apiWithHeldShop();
    renderRoutes(routes, "/merchant/dashboard");
    await waitFor(() => {
      expect(api.callsTo("GET /shop/dashboard-stats")).toHaveLength(1);
      expect(api.callsTo("GET /offers/get-all-offers-dashboard")).toHaveLength(1);
      expect(api.callsTo("GET /user/get-user")).toHaveLength(1);
    });
    expect(api.callsTo("GET /shop/dashboard-stats")[0]?.query.get("timeFilter")).toBe(
      "currentMonth",
    );
    expect(screen.getByText("Loading your shop")).toBeInTheDocument();
    release();
    expect(
      await screen.findByRole("heading", { name: "Welcome back, Olivia" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("$165.50")).toBeInTheDocument();
    // The page takes the early answers instead of asking again.
    expect(api.callsTo("GET /shop/dashboard-stats")).toHaveLength(1);
    expect(api.callsTo("GET /offers/get-all-offers-dashboard")).toHaveLength(1);
    expect(api.callsTo("GET /user/get-user")).toHaveLength(1);
  });

  it("another merchant page does not ask for the dashboard's figures", async () => {
    setToken("m");
    const { api, release } = apiWithHeldShop();
    renderRoutes(routes, "/merchant/profile");
    await waitFor(() => expect(api.callsTo("GET /user/get-user")).toHaveLength(1));
    release();
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(api.callsTo("GET /shop/dashboard-stats")).toHaveLength(0);
    expect(api.callsTo("GET /offers/get-all-offers-dashboard")).toHaveLength(0);
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
    const { router } = openAsMerchant("/7/customer/dashboard", shopRoute);
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
