export {
  CustomerAvatar,
  HeaderCashback,
  useSignedInCustomer,
} from "./components/customer-header";
export { SignedOutNotice } from "./components/signed-out-notice";
export { CustomerDashboardPage } from "./pages/customer-dashboard-page";
export { CustomerEditProfilePage } from "./pages/customer-edit-profile-page";
export { CustomerProfilePage } from "./pages/customer-profile-page";
export { CustomerUpdatePasswordPage } from "./pages/customer-update-password-page";
export { OfferPurchaseModal } from "./pages/offer-purchase-modal";
export { RedeemBenefitModal } from "./pages/redeem-benefit-modal";
export { RedeemCashbackModal } from "./pages/redeem-cashback-modal";
export { useCustomerEvents } from "./use-customer-events";
