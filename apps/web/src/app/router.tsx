import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { RootLayout } from "./layouts/root-layout";
import { ShopLayout, UNMATCHED_SHOP_PAGE } from "./layouts/shop-layout";
import { ErrorPage } from "./pages/error-page";
import { NotFoundPage } from "./pages/not-found-page";

type ComponentName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/** Route `lazy` for one component of a route module: the module is fetched on first visit. */
function lazyFrom<M>(load: () => Promise<M>) {
  return (name: ComponentName<M>) => async () => ({
    Component: (await load())[name] as ComponentType,
  });
}

// One chunk per audience: a storefront visitor loads neither the merchant area nor the forms.
const platformLogin = lazyFrom(() => import("./routes/platform-login"));
const platformAuth = lazyFrom(() => import("./routes/platform-auth"));
const merchant = lazyFrom(() => import("./routes/merchant"));
const merchantSettings = lazyFrom(() => import("./routes/merchant-settings"));
const storefront = lazyFrom(() => import("./routes/storefront"));
const shopLogin = lazyFrom(() => import("./routes/shop-login"));
const shopAuth = lazyFrom(() => import("./routes/shop-auth"));
const customer = lazyFrom(() => import("./routes/customer"));
const customerProfile = lazyFrom(() => import("./routes/customer-profile"));
const customerActions = lazyFrom(() => import("./routes/customer-actions"));
const customerCard = lazyFrom(() => import("./routes/customer-card"));

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

          // Merchant area: guard, then the shell.
          {
            path: "merchant",
            lazy: merchant("MerchantArea"),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              {
                // Dashboard (spec §2): New Offer opens the offer form as a modal over it.
                path: "dashboard",
                lazy: merchant("MerchantDashboardPage"),
                children: [{ path: "new-offer", lazy: merchant("DashboardNewOffer") }],
              },
              { path: "reports", lazy: merchant("ReportsPage") },
              { path: "audit-log", lazy: merchantSettings("AuditLogPage") },
              { path: "analytics", lazy: merchant("AnalyticsPage") },
              {
                // Members (spec §2): the add and update modals open over the list.
                path: "members",
                lazy: merchant("MembersPage"),
                children: [
                  { path: "add-member", lazy: merchant("AddMemberModal") },
                  { path: "add-member/set-payment", lazy: merchant("SetPaymentModal") },
                  { path: "update-member", lazy: merchant("UpdateMemberModal") },
                  { path: "update-member-membership", lazy: merchant("ManageMembershipModal") },
                ],
              },
              { path: "members/import", lazy: merchantSettings("MemberImportPage") },
              {
                // The spec's redeem modal addresses name the member in ?memberId=, and open
                // over that member's detail page.
                path: "members/redeem-cashback-modal",
                lazy: merchant("MemberDetailFromQuery"),
                children: [{ index: true, lazy: merchant("MemberCashbackModal") }],
              },
              {
                path: "members/redeem-offer-modal",
                lazy: merchant("MemberDetailFromQuery"),
                children: [{ index: true, lazy: merchant("MemberOffersModal") }],
              },
              {
                path: "members/:memberId",
                lazy: merchant("MemberDetailPage"),
                children: [
                  { path: "redeem-benefits", lazy: merchant("MemberBenefitsModal") },
                  { path: "redeem-offers", lazy: merchant("MemberOffersModal") },
                ],
              },
              {
                path: "memberships",
                lazy: merchant("MembershipsPage"),
                children: [
                  {
                    path: "new-membership",
                    lazy: merchant("MembershipsNewMembership"),
                  },
                ],
              },
              {
                path: "offers",
                lazy: merchant("OffersPage"),
                children: [
                  {
                    path: "update-offer",
                    lazy: merchant("OffersUpdateOffer"),
                  },
                ],
              },
              { path: "offers/new-offer", lazy: merchant("NewOfferPage") },
              {
                path: "storefront",
                lazy: merchant("MerchantStorefrontPage"),
                children: [
                  {
                    path: "membership-preview",
                    lazy: merchant("StorefrontMembershipPreview"),
                  },
                  {
                    path: "offer-preview",
                    lazy: merchant("StorefrontOfferPreview"),
                  },
                  {
                    path: "edit-offer",
                    lazy: merchant("StorefrontEditOffer"),
                  },
                  {
                    path: "new-membership",
                    lazy: merchant("StorefrontNewMembership"),
                  },
                  {
                    // Not in the spec's route list: the storefront link overlay's own address.
                    path: "storefront-link",
                    lazy: merchant("StorefrontLink"),
                  },
                ],
              },
              {
                path: "storefront/storefront-settings",
                lazy: merchantSettings("StorefrontSettings"),
              },
              { path: "storefront/storefront-preview", lazy: merchant("StorefrontPreviewPage") },
              { path: "profile", lazy: merchantSettings("MerchantProfilePage") },
              { path: "profile/edit-profile", lazy: merchantSettings("EditProfilePage") },
              {
                path: "profile/store-setting",
                lazy: merchantSettings("ProfileStoreSettings"),
              },
              { path: "profile/update-password", lazy: merchantSettings("UpdatePasswordPage") },
              { path: "profile/integrations", lazy: merchantSettings("IntegrationsPage") },
              {
                // The sidebar's Staff (spec §2: /merchant/users; owner only).
                path: "users",
                lazy: merchantSettings("StaffPage"),
                children: [{ path: "new-user", lazy: merchantSettings("StaffFormModal") }],
              },
              { path: "staff", element: <Navigate to="/merchant/users" replace /> },
              { path: "sidebar", lazy: merchant("MerchantSidebarPage") },
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
                path: "customer",
                lazy: customer("CustomerArea"),
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  {
                    // The dashboard stays behind the modals opened over it (spec §2), while
                    // their addresses sit beside it: /{shopId}/customer/offer-purchase.
                    lazy: customer("CustomerDashboardPage"),
                    children: [
                      { path: "dashboard", element: null },
                      { path: "offer-purchase", lazy: customerActions("OfferPurchaseModal") },
                      { path: "redeem-benefit", lazy: customerActions("RedeemBenefitModal") },
                      { path: "redeem-cashback", lazy: customerActions("RedeemCashbackModal") },
                    ],
                  },
                  // The member card, full screen for the counter (its QR library loads with it).
                  { path: "card", lazy: customerCard("MemberCardPage") },
                  {
                    // Spec §2: profile-overview with the child routes edit-profile and
                    // update-password, each shown in its place.
                    path: "profile-overview",
                    children: [
                      { index: true, lazy: customerProfile("CustomerProfilePage") },
                      { path: "edit-profile", lazy: customerProfile("CustomerEditProfilePage") },
                      {
                        path: "update-password",
                        lazy: customerProfile("CustomerUpdatePasswordPage"),
                      },
                    ],
                  },
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
  return createBrowserRouter(routes);
}
