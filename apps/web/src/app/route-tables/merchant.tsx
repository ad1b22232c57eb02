import { Navigate, type RouteObject } from "react-router";
import { lazyFrom } from "../lazy-route";

const merchant = lazyFrom(() => import("../routes/merchant"));
const merchantSettings = lazyFrom(() => import("../routes/merchant-settings"));

/** The merchant area's pages, under /merchant: patched into the router on the first visit. */
export const merchantRoutes: RouteObject[] = [
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
];
