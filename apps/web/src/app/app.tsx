import type { QueryClient } from "@tanstack/react-query";
import type { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./providers/app-providers";

type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router, queryClient }: { router: AppRouter; queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
