import { createBrowserRouter, type RouteObject } from "react-router";
import { LoginPage } from "@/features/auth/pages/login-page";
import { RootLayout } from "./layouts/root-layout";
import { ErrorPage } from "./pages/error-page";
import { NotFoundPage } from "./pages/not-found-page";

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        // Child errors render inside the root layout, so token capture keeps working.
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
