export {
  DASHBOARD_NEW_OFFER_PATH,
  DASHBOARD_PATH,
  MerchantDashboardPage,
} from "./pages/merchant-dashboard-page";
export { prefetchDashboard } from "./prefetch";
