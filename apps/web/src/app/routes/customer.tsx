import { CustomerAreaGuard } from "../guards/customer-guard";
import { CustomerLayout } from "../layouts/customer-layout";

export { CustomerDashboardPage } from "@/features/customer/pages/customer-dashboard-page";
export { CustomerEditProfilePage } from "@/features/customer/pages/customer-edit-profile-page";
export { CustomerProfilePage } from "@/features/customer/pages/customer-profile-page";
export { CustomerUpdatePasswordPage } from "@/features/customer/pages/customer-update-password-page";
export { OfferPurchaseModal } from "@/features/customer/pages/offer-purchase-modal";
export { RedeemBenefitModal } from "@/features/customer/pages/redeem-benefit-modal";
export { RedeemCashbackModal } from "@/features/customer/pages/redeem-cashback-modal";
export { CustomerAreaNotFound } from "../pages/inline-not-found";

/** The signed-in customer's shell, behind its guard. */
export function CustomerArea() {
  return (
    <CustomerAreaGuard>
      <CustomerLayout />
    </CustomerAreaGuard>
  );
}
