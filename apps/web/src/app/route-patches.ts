import type { PatchRoutesOnNavigationFunction, RouteObject } from "react-router";

/** Route ids of the two areas whose pages join the router on their first visit. */
export const MERCHANT_AREA = "merchant-area";
export const CUSTOMER_AREA = "customer-area";

type AreaTable = () => Promise<RouteObject[]>;

// Each area's table and its first chunk are fetched together: the table names the pages, the
// chunk holds the area's shell and most of them, so the first visit waits one round trip, not two.
const AREA_TABLES: Record<string, AreaTable> = {
  [MERCHANT_AREA]: async () => {
    const [table] = await Promise.all([
      import("./route-tables/merchant"),
      import("./routes/merchant"),
    ]);
    return table.merchantRoutes;
  },
  [CUSTOMER_AREA]: async () => {
    const [table] = await Promise.all([
      import("./route-tables/customer"),
      import("./routes/customer"),
    ]);
    return table.customerRoutes;
  },
};

// The area routes this router has already been given their pages, by route object: each router
// has its own, so a second router (a test's) starts again from the bare table.
const patched = new WeakSet<object>();

/**
 * Gives the router an area's pages when a navigation reaches into it (the address matched the
 * area's route, so far only its catch-all). Any other address needs nothing: it returns at once.
 */
export const patchAreaRoutes: PatchRoutesOnNavigationFunction = async ({
  matches,
  patch,
  signal,
}) => {
  for (const { route } of matches) {
    const load = route.id === undefined ? undefined : AREA_TABLES[route.id];
    if (!load || patched.has(route)) continue;
    const children = await load();
    if (signal.aborted) return;
    patch(route.id as string, children);
    patched.add(route);
  }
};

/** Whether a route table holds an area whose pages come through `patchAreaRoutes`. */
export function hasAreaRoutes(routes: RouteObject[]): boolean {
  return routes.some(
    (route) =>
      (route.id !== undefined && route.id in AREA_TABLES) || hasAreaRoutes(route.children ?? []),
  );
}
