import {
  dashboardStatsResponseSchema,
  offersDashboardResponseSchema,
  timeFilterQuerySchema,
} from "@tessera/shared";
import { merchantStep, merchantStepsPlugin } from "../../plugins/merchant-steps";
import type { DashboardService } from "./service";

const PERIODS_TEXT =
  "`timeFilter`: `currentMonth` (default), `30Days`, `60Days`, `6months`, `lastYear` (`1year` is accepted as its other name); anything else is a 400 listing these. Windows end now and are measured in the shop's time zone.";

export const dashboardRoutes = merchantStepsPlugin(
  ["dashboard"],
  ({ dashboard }: { dashboard: DashboardService }) => [
    merchantStep({
      method: "GET",
      url: "/api/v1/shop/dashboard-stats",
      summary: "Memberships and Offers Overview for a period, with a revenue chart",
      description: `${PERIODS_TEXT} Percentages compare with the preceding window of equal length (this month: the same days of last month) and are null when that window had nothing. \`series\` has one point per local day (windows up to 62 days) or month, zeros included.`,
      from: "querystring",
      input: timeFilterQuerySchema,
      response: dashboardStatsResponseSchema,
      run: (session, query) => dashboard.getDashboardStats(session, query.timeFilter),
    }),
    merchantStep({
      method: "GET",
      url: "/api/v1/offers/get-all-offers-dashboard",
      summary: "Offers Performance: units sold and revenue per offer in a period",
      description: `${PERIODS_TEXT} Lists the offers (deleted ones too) that ran on a day of the window or sold in it, highest revenue first. \`status\`: Deleted when cancelled, Active while the end day is not past, else Expired.`,
      from: "querystring",
      input: timeFilterQuerySchema,
      response: offersDashboardResponseSchema,
      run: (session, query) => dashboard.getOffersPerformance(session, query.timeFilter),
    }),
  ],
);
