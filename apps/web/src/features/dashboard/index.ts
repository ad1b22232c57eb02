export { MerchantDashboardPage } from "./pages/merchant-dashboard-page";
