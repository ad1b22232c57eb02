export { ANALYTICS_PATH, AnalyticsPage } from "./pages/analytics-page";
