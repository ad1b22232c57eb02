export { REPORTS_PATH, ReportsPage } from "./pages/reports-page";
