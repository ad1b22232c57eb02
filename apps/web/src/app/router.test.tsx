import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CUSTOMER_AREA, MERCHANT_AREA, patchAreaRoutes } from "./route-patches";
import { routes } from "./router";

/** A router over the app's table, as the browser builds it, once its first navigation settles. */
async function routerAt(path: string) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: patchAreaRoutes,
  });
  await expect.poll(() => router.state.initialized, { timeout: 20_000 }).toBe(true);
  return router;
}

/** The matched route paths, outermost first, without the pathless layouts. */
function matchedPaths(router: Awaited<ReturnType<typeof routerAt>>) {
  return router.state.matches
    .map((m) => m.route.path ?? (m.route.index ? "(index)" : ""))
    .filter(Boolean);
}

function childCount(router: Awaited<ReturnType<typeof routerAt>>, id: string) {
  const find = (list: typeof router.routes): number | undefined => {
    for (const route of list) {
      if (route.id === id) return route.children?.length ?? 0;
      const found = find(route.children ?? []);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return find(router.routes);
}

describe("the app router: areas join on their first visit", () => {
  it("starts the sign-in pages without the areas' pages", async () => {
    for (const path of ["/", "/1/login", "/1"]) {
      const router = await routerAt(path);
      expect(childCount(router, MERCHANT_AREA)).toBe(2);
      expect(childCount(router, CUSTOMER_AREA)).toBe(2);
      router.dispose();
    }
    expect(matchedPaths(await routerAt("/1/login"))).toEqual([":shopId", "login"]);
  });

  it("opens a merchant deep link on a direct load", async () => {
    const router = await routerAt("/merchant/members/42/redeem-offers");
    expect(matchedPaths(router)).toEqual(["merchant", "members/:memberId", "redeem-offers"]);
    expect(childCount(router, MERCHANT_AREA)).toBeGreaterThan(20);
  });

  it("sends /merchant and /{shopId}/customer to their index redirect", async () => {
    // The redirect itself is the index route's <Navigate>, which runs when the page renders.
    expect(matchedPaths(await routerAt("/merchant"))).toEqual(["merchant", "(index)"]);
    expect(matchedPaths(await routerAt("/7/customer"))).toEqual([":shopId", "customer", "(index)"]);
    expect(matchedPaths(await routerAt("/merchant/staff"))).toEqual(["merchant", "staff"]);

    const router = await routerAt("/merchant");
    expect(childCount(router, MERCHANT_AREA)).toBe(2);
    await router.navigate("/merchant/dashboard/new-offer");
    await expect
      .poll(() => matchedPaths(router), { timeout: 20_000 })
      .toEqual(["merchant", "dashboard", "new-offer"]);
  });

  it("keeps the areas' own not-found pages and the shop's", async () => {
    expect(matchedPaths(await routerAt("/merchant/nowhere"))).toEqual(["merchant", "*"]);
    expect(matchedPaths(await routerAt("/7/customer/nowhere"))).toEqual([
      ":shopId",
      "customer",
      "*",
    ]);
    expect(matchedPaths(await routerAt("/7/nowhere"))).toEqual([":shopId", "*"]);
  });

  it("opens a customer page on a direct load and after a client navigation", async () => {
    const direct = await routerAt("/7/customer/offer-purchase");
    expect(matchedPaths(direct)).toEqual([":shopId", "customer", "offer-purchase"]);

    const router = await routerAt("/7/login");
    await router.navigate("/7/customer/card");
    await expect
      .poll(() => matchedPaths(router), { timeout: 20_000 })
      .toEqual([":shopId", "customer", "card"]);
  });
});
