import { createMemoryRouter, type RouteObject } from "react-router";
import { bench, describe } from "vitest";
import { CUSTOMER_AREA, MERCHANT_AREA, patchAreaRoutes } from "./route-patches";
import { customerRoutes } from "./route-tables/customer";
import { merchantRoutes } from "./route-tables/merchant";
import { routes } from "./router";

// The router's start-up on the sign-in pages (`npx vitest bench --run --project web <this file>`):
// the table as it was, with every area page up front, against the table the app builds now.

/** The whole table: the areas' pages in place from the start. */
function withAreas(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const extra =
      route.id === MERCHANT_AREA
        ? merchantRoutes
        : route.id === CUSTOMER_AREA
          ? customerRoutes
          : [];
    return route.children
      ? ({ ...route, children: [...withAreas(route.children), ...extra] } as RouteObject)
      : route;
  });
}
const full = withAreas(routes);

for (const path of ["/1/login", "/"]) {
  describe(path, () => {
    bench("whole table", () => {
      createMemoryRouter(full, { initialEntries: [path] }).dispose();
    });
    bench("areas patched on visit", () => {
      createMemoryRouter(routes, {
        initialEntries: [path],
        patchRoutesOnNavigation: patchAreaRoutes,
      }).dispose();
    });
  });
}
