import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import {
  CheckResetInboxPage,
  CustomerForgotPasswordPage,
  CustomerLoginPage,
  CustomerRegisterPage,
  CustomerResetPasswordPage,
  CustomerVerifyEmailPage,
  EmailVerifiedPage,
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
  SetPasswordPage,
  UpdatePasswordPage,
  VerifyEmailPage,
} from "@/features/auth";
import {
  CustomerDashboardPage,
  CustomerEditProfilePage,
  CustomerProfilePage,
  CustomerUpdatePasswordPage,
  OfferPurchaseModal,
  RedeemBenefitModal,
  RedeemCashbackModal,
} from "@/features/customer";
import { DASHBOARD_PATH, MerchantDashboardPage } from "@/features/dashboard";
import {
  AddMemberModal,
  ManageMembershipModal,
  MemberBenefitsModal,
  MemberCashbackModal,
  MemberDetailPage,
  MemberOffersModal,
  MembersPage,
  SetPaymentModal,
  UpdateMemberModal,
} from "@/features/members";
import {
  MEMBERSHIPS_PATH,
  MembershipFormModal,
  MembershipPreviewModal,
  MembershipsPage,
} from "@/features/memberships";
import {
  NewOfferModal,
  NewOfferPage,
  OFFERS_PATH,
  OfferPreviewModal,
  OffersPage,
  UpdateOfferModal,
} from "@/features/offers";
import { EditProfilePage, MerchantProfilePage, StoreSettingsPage } from "@/features/profile";
import { ReportsPage } from "@/features/reports";
import { CreateShopPage } from "@/features/shops";
import { StaffFormModal, StaffPage } from "@/features/staff";
import {
  MERCHANT_STOREFRONT_PATH,
  MerchantStorefrontPage,
  StorefrontHomePage,
  StorefrontLinkOverlay,
  StorefrontPreviewPage,
} from "@/features/storefront";
import { CustomerAreaGuard } from "./guards/customer-guard";
import { CreateShopGuard, MerchantAreaGuard } from "./guards/merchant-guards";
import { CustomerLayout } from "./layouts/customer-layout";
import { MerchantLayout, MerchantSidebarPage } from "./layouts/merchant-layout";
import { RootLayout } from "./layouts/root-layout";
import { ShopLayout } from "./layouts/shop-layout";
import { ErrorPage } from "./pages/error-page";
import { CustomerAreaNotFound, InlineNotFound } from "./pages/inline-not-found";
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
          // Platform access (spec §2).
          { index: true, element: <LoginPage /> },
          { path: "register", element: <RegisterPage /> },
          { path: "verify-email", element: <VerifyEmailPage /> },
          { path: "email-verified", element: <EmailVerifiedPage /> },
          { path: "pass/forgot-password", element: <ForgotPasswordPage /> },
          { path: "pass/reset-password", element: <ResetPasswordPage /> },
          { path: "verify-email-to-reset-password", element: <CheckResetInboxPage /> },
          { path: "set-password", element: <SetPasswordPage /> },
          { path: "employee/set-password", element: <SetPasswordPage /> },
          {
            path: "create-shop",
            element: (
              <CreateShopGuard>
                <CreateShopPage />
              </CreateShopGuard>
            ),
          },

          // Merchant area: guard, then the shell.
          {
            path: "merchant",
            element: (
              <MerchantAreaGuard>
                <MerchantLayout />
              </MerchantAreaGuard>
            ),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              {
                // Dashboard (spec §2): New Offer opens the offer form as a modal over it.
                path: "dashboard",
                element: <MerchantDashboardPage />,
                children: [
                  { path: "new-offer", element: <NewOfferModal fallbackPath={DASHBOARD_PATH} /> },
                ],
              },
              { path: "reports", element: <ReportsPage /> },
              {
                // Members (spec §2): the add and update modals open over the list.
                path: "members",
                element: <MembersPage />,
                children: [
                  { path: "add-member", element: <AddMemberModal /> },
                  { path: "add-member/set-payment", element: <SetPaymentModal /> },
                  { path: "update-member", element: <UpdateMemberModal /> },
                  { path: "update-member-membership", element: <ManageMembershipModal /> },
                ],
              },
              {
                // The spec's redeem modal addresses name the member in ?memberId=, and open
                // over that member's detail page.
                path: "members/redeem-cashback-modal",
                element: <MemberDetailPage memberIdFrom="query" />,
                children: [{ index: true, element: <MemberCashbackModal /> }],
              },
              {
                path: "members/redeem-offer-modal",
                element: <MemberDetailPage memberIdFrom="query" />,
                children: [{ index: true, element: <MemberOffersModal /> }],
              },
              {
                path: "members/:memberId",
                element: <MemberDetailPage />,
                children: [
                  { path: "redeem-benefits", element: <MemberBenefitsModal /> },
                  { path: "redeem-offers", element: <MemberOffersModal /> },
                ],
              },
              {
                path: "memberships",
                element: <MembershipsPage />,
                children: [
                  {
                    path: "new-membership",
                    element: <MembershipFormModal fallbackPath={MEMBERSHIPS_PATH} />,
                  },
                ],
              },
              {
                path: "offers",
                element: <OffersPage />,
                children: [
                  {
                    path: "update-offer",
                    element: <UpdateOfferModal fallbackPath={OFFERS_PATH} />,
                  },
                ],
              },
              { path: "offers/new-offer", element: <NewOfferPage /> },
              {
                path: "storefront",
                element: <MerchantStorefrontPage />,
                children: [
                  {
                    path: "membership-preview",
                    element: <MembershipPreviewModal fallbackPath={MERCHANT_STOREFRONT_PATH} />,
                  },
                  {
                    path: "offer-preview",
                    element: <OfferPreviewModal fallbackPath={MERCHANT_STOREFRONT_PATH} />,
                  },
                  {
                    path: "edit-offer",
                    element: <UpdateOfferModal fallbackPath={MERCHANT_STOREFRONT_PATH} />,
                  },
                  {
                    path: "new-membership",
                    element: <MembershipFormModal fallbackPath={MERCHANT_STOREFRONT_PATH} />,
                  },
                  {
                    // Not in the spec's route list: the storefront link overlay's own address.
                    path: "storefront-link",
                    element: <StorefrontLinkOverlay fallbackPath={MERCHANT_STOREFRONT_PATH} />,
                  },
                ],
              },
              {
                path: "storefront/storefront-settings",
                element: <StoreSettingsPage backPath={MERCHANT_STOREFRONT_PATH} />,
              },
              { path: "storefront/storefront-preview", element: <StorefrontPreviewPage /> },
              { path: "profile", element: <MerchantProfilePage /> },
              { path: "profile/edit-profile", element: <EditProfilePage /> },
              {
                path: "profile/store-setting",
                element: <StoreSettingsPage backPath="/merchant/profile" />,
              },
              { path: "profile/update-password", element: <UpdatePasswordPage /> },
              {
                // The sidebar's Staff (spec §2: /merchant/users; owner only).
                path: "users",
                element: <StaffPage />,
                children: [{ path: "new-user", element: <StaffFormModal /> }],
              },
              { path: "staff", element: <Navigate to="/merchant/users" replace /> },
              { path: "sidebar", element: <MerchantSidebarPage /> },
              { path: "*", element: <InlineNotFound homePath="/merchant/dashboard" /> },
            ],
          },

          { path: "not-found", element: <NotFoundPage /> },

          // A shop's public pages and its customers' area.
          {
            path: ":shopId",
            element: <ShopLayout />,
            children: [
              { index: true, element: <StorefrontHomePage /> },
              { path: "login", element: <CustomerLoginPage /> },
              { path: "register", element: <CustomerRegisterPage /> },
              { path: "verify-email", element: <CustomerVerifyEmailPage /> },
              { path: "pass/forgot-password", element: <CustomerForgotPasswordPage /> },
              { path: "pass/reset-password", element: <CustomerResetPasswordPage /> },
              {
                path: "customer",
                element: (
                  <CustomerAreaGuard>
                    <CustomerLayout />
                  </CustomerAreaGuard>
                ),
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  {
                    // The dashboard stays behind the modals opened over it (spec §2), while
                    // their addresses sit beside it: /{shopId}/customer/offer-purchase.
                    element: <CustomerDashboardPage />,
                    children: [
                      { path: "dashboard", element: null },
                      { path: "offer-purchase", element: <OfferPurchaseModal /> },
                      { path: "redeem-benefit", element: <RedeemBenefitModal /> },
                      { path: "redeem-cashback", element: <RedeemCashbackModal /> },
                    ],
                  },
                  {
                    // Spec §2: profile-overview with the child routes edit-profile and
                    // update-password, each shown in its place.
                    path: "profile-overview",
                    children: [
                      { index: true, element: <CustomerProfilePage /> },
                      { path: "edit-profile", element: <CustomerEditProfilePage /> },
                      { path: "update-password", element: <CustomerUpdatePasswordPage /> },
                    ],
                  },
                  { path: "*", element: <CustomerAreaNotFound /> },
                ],
              },
              { path: "*", element: <NotFoundPage /> },
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
