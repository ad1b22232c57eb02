import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import {
  createMemoryRouter,
  type InitialEntry,
  type RouteObject,
  RouterProvider,
} from "react-router";
import { AppProviders } from "@/app/providers/app-providers";
import { hasAreaRoutes, patchAreaRoutes } from "@/app/route-patches";

/** A query client that fails fast: no retries in tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders routes in a memory router inside the app's providers. The app's own table gets the
 * app's route patching, so its areas' pages join the router as they do in the browser.
 */
export function renderRoutes(routes: RouteObject[], initialEntry: InitialEntry = "/") {
  const router = createMemoryRouter(routes, {
    initialEntries: [initialEntry],
    patchRoutesOnNavigation: hasAreaRoutes(routes) ? patchAreaRoutes : undefined,
  });
  const utils = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}

/** Renders one element at `path` (default "/") inside the app's providers and a router. */
export function renderWithRouter(element: ReactElement, initialEntry = "/") {
  return renderRoutes([{ path: "*", element }], initialEntry);
}
