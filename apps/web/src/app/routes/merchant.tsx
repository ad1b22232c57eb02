import { lazy, Suspense } from "react";
import { PageLoader } from "@/components/page-loader";
import { DASHBOARD_PATH } from "@/features/dashboard/pages/merchant-dashboard-page";
import { MemberDetailPage } from "@/features/members/pages/member-detail-page";
import { MembershipFormModal } from "@/features/memberships/pages/membership-form-modal";
import { MembershipPreviewModal } from "@/features/memberships/pages/membership-preview-modal";
import { MEMBERSHIPS_PATH } from "@/features/memberships/pages/memberships-page";
import { OFFERS_PATH } from "@/features/offers/offer-tabs";
import { NewOfferModal } from "@/features/offers/pages/new-offer-modal";
import { OfferPreviewModal } from "@/features/offers/pages/offer-preview-modal";
import { UpdateOfferModal } from "@/features/offers/pages/update-offer-modal";
import { CreateShopPage } from "@/features/shops/pages/create-shop-page";
import { MERCHANT_STOREFRONT_PATH } from "@/features/storefront/pages/merchant-storefront-page";
import { StorefrontLinkOverlay } from "@/features/storefront/pages/storefront-link-overlay";
import { CreateShopGuard, MerchantAreaGuard } from "../guards/merchant-guards";
import { MerchantLayout } from "../layouts/merchant-layout";
import { InlineNotFound } from "../pages/inline-not-found";

// The merchant area: loaded by the router only under /merchant and /create-shop, so the
// storefront's visitors never download its charts, forms, cropper or socket client.
export { MerchantDashboardPage } from "@/features/dashboard/pages/merchant-dashboard-page";
export { AddMemberModal } from "@/features/members/pages/add-member-modal";
export { MembersPage } from "@/features/members/pages/members-page";
export {
  MemberBenefitsModal,
  MemberCashbackModal,
  MemberOffersModal,
} from "@/features/members/pages/redeem-modals";
export { SetPaymentModal } from "@/features/members/pages/set-payment-modal";
export {
  ManageMembershipModal,
  UpdateMemberModal,
} from "@/features/members/pages/update-member-modals";
export { MembershipsPage } from "@/features/memberships/pages/memberships-page";
export { NewOfferPage } from "@/features/offers/pages/new-offer-page";
export { OffersPage } from "@/features/offers/pages/offers-page";
export { ReportsPage } from "@/features/reports/pages/reports-page";
export { MerchantStorefrontPage } from "@/features/storefront/pages/merchant-storefront-page";
export { StorefrontPreviewPage } from "@/features/storefront/pages/storefront-preview-page";
export { MerchantSidebarPage } from "../layouts/merchant-layout";
export { MemberDetailPage };

// Analytics loads after the merchant area, as its own chunk: the area's first load does not
// carry its tables and figures, and modules the area already has are not fetched again.
const LazyAnalyticsPage = lazy(() =>
  import("@/features/analytics").then((module) => ({ default: module.AnalyticsPage })),
);

export function AnalyticsPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyAnalyticsPage />
    </Suspense>
  );
}

export function MerchantArea() {
  return (
    <MerchantAreaGuard>
      <MerchantLayout />
    </MerchantAreaGuard>
  );
}

export function CreateShop() {
  return (
    <CreateShopGuard>
      <CreateShopPage />
    </CreateShopGuard>
  );
}

// The spec's redeem modal addresses name the member in ?memberId=.
export const MemberDetailFromQuery = () => <MemberDetailPage memberIdFrom="query" />;
export const DashboardNewOffer = () => <NewOfferModal fallbackPath={DASHBOARD_PATH} />;
export const MembershipsNewMembership = () => (
  <MembershipFormModal fallbackPath={MEMBERSHIPS_PATH} />
);
export const OffersUpdateOffer = () => <UpdateOfferModal fallbackPath={OFFERS_PATH} />;
export const StorefrontMembershipPreview = () => (
  <MembershipPreviewModal fallbackPath={MERCHANT_STOREFRONT_PATH} />
);
export const StorefrontOfferPreview = () => (
  <OfferPreviewModal fallbackPath={MERCHANT_STOREFRONT_PATH} />
);
export const StorefrontEditOffer = () => (
  <UpdateOfferModal fallbackPath={MERCHANT_STOREFRONT_PATH} />
);
export const StorefrontNewMembership = () => (
  <MembershipFormModal fallbackPath={MERCHANT_STOREFRONT_PATH} />
);
export const StorefrontLink = () => (
  <StorefrontLinkOverlay fallbackPath={MERCHANT_STOREFRONT_PATH} />
);
export const MerchantNotFound = () => <InlineNotFound homePath="/merchant/dashboard" />;
