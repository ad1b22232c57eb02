import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { RootLayout } from "./layouts/root-layout";
import { ShopLayout, UNMATCHED_SHOP_PAGE } from "./layouts/shop-layout";
import { lazyFrom } from "./lazy-route";
import { ErrorPage } from "./pages/error-page";
import { NotFoundPage } from "./pages/not-found-page";
import { CUSTOMER_AREA, MERCHANT_AREA, patchAreaRoutes } from "./route-patches";

// One chunk per audience: a storefront visitor loads neither the merchant area nor the forms.
const platformLogin = lazyFrom(() => import("./routes/platform-login"));
const platformAuth = lazyFrom(() => import("./routes/platform-auth"));
const merchant = lazyFrom(() => import("./routes/merchant"));
const storefront = lazyFrom(() => import("./routes/storefront"));
const shopLogin = lazyFrom(() => import("./routes/shop-login"));
const shopAuth = lazyFrom(() => import("./routes/shop-auth"));
const customer = lazyFrom(() => import("./routes/customer"));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // Shown on the first load while the page's chunk arrives; later navigations keep the
    // current page on screen until the next one is ready.
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // Child errors render inside the root layout, so token capture keeps working.
        errorElement: <ErrorPage />,
        children: [
          // Platform access (spec §2).
          { index: true, lazy: platformLogin("LoginPage") },
          { path: "register", lazy: platformAuth("RegisterPage") },
          { path: "verify-email", lazy: platformAuth("VerifyEmailPage") },
          { path: "email-verified", lazy: platformAuth("EmailVerifiedPage") },
          { path: "pass/forgot-password", lazy: platformAuth("ForgotPasswordPage") },
          { path: "pass/reset-password", lazy: platformAuth("ResetPasswordPage") },
          { path: "verify-email-to-reset-password", lazy: platformAuth("CheckResetInboxPage") },
          { path: "set-password", lazy: platformAuth("SetPasswordPage") },
          { path: "employee/set-password", lazy: platformAuth("SetPasswordPage") },
          {
            path: "create-shop",
            lazy: merchant("CreateShop"),
          },

          // Merchant area: guard, then the shell. Its pages (route-tables/merchant.tsx) are
          // patched in on the first visit, so the sign-in pages' start-up doesn't build them.
          // The catch-all stays: a visit to /merchant/... matches it, with a parameter, which
          // is what makes the router ask for the missing pages before it settles on it. So does
          // the index redirect: /merchant alone matches no parameter, so it must not need them.
          {
            id: MERCHANT_AREA,
            path: "merchant",
            lazy: merchant("MerchantArea"),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: "*", lazy: merchant("MerchantNotFound") },
            ],
          },

          { path: "not-found", element: <NotFoundPage /> },

          // A shop's public pages and its customers' area.
          {
            path: ":shopId",
            element: <ShopLayout />,
            children: [
              { index: true, lazy: storefront("StorefrontHomePage") },
              { path: "login", lazy: shopLogin("CustomerLoginPage") },
              { path: "login/code", lazy: shopAuth("CustomerCodeLinkPage") },
              { path: "register", lazy: shopAuth("CustomerRegisterPage") },
              { path: "verify-email", lazy: shopAuth("CustomerVerifyEmailPage") },
              { path: "pass/forgot-password", lazy: shopAuth("CustomerForgotPasswordPage") },
              { path: "pass/reset-password", lazy: shopAuth("CustomerResetPasswordPage") },
              {
                // The customer's pages (route-tables/customer.tsx) are patched in on the first
                // visit, as the merchant area's are, around the same two routes.
                id: CUSTOMER_AREA,
                path: "customer",
                lazy: customer("CustomerArea"),
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: "*", lazy: customer("CustomerAreaNotFound") },
                ],
              },
              // A path under a shop that matches none of its pages (`/7/nowhere`) is a wrong
              // address, not a missing store: the layout shows it without looking the shop up.
              { path: "*", element: <NotFoundPage />, handle: UNMATCHED_SHOP_PAGE },
            ],
          },

          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchAreaRoutes });
}
