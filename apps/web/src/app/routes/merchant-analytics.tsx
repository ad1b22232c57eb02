// Analytics has its own chunk: the merchant area's first load does not carry its tables and
// charts, and Recharts comes only with the first chart shown.
export { AnalyticsPage } from "@/features/analytics";
