export { CustomerDashboardPage } from "./pages/customer-dashboard-page";
export { CustomerProfilePage } from "./pages/customer-profile-page";
export { OfferPurchaseModal } from "./pages/offer-purchase-modal";
