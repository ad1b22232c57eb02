import {
  dashboardStatsResponseSchema,
  offersDashboardResponseSchema,
  timeFilterQuerySchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerSecurity, requireShopMerchant } from "../../plugins/auth";
import type { DashboardService } from "./service";

const PERIODS_TEXT =
  "`timeFilter`: `currentMonth` (default), `30Days`, `60Days`, `6months`, `lastYear` (`1year` is accepted as its other name); anything else is a 400 listing these. Windows end now and are measured in the shop's time zone.";

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  opts,
) => {
  const { dashboard } = opts;

  app.get(
    "/api/v1/shop/dashboard-stats",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Memberships and Offers Overview for a period, with a revenue chart",
        description: `${PERIODS_TEXT} Percentages compare with the preceding window of equal length (this month: the same days of last month) and are null when that window had nothing. \`series\` has one point per local day (windows up to 62 days) or month, zeros included.`,
        security: bearerSecurity,
        querystring: timeFilterQuerySchema,
        response: { 200: dashboardStatsResponseSchema },
      },
    },
    async (request) =>
      dashboard.getDashboardStats(await requireShopMerchant(request), request.query.timeFilter),
  );

  app.get(
    "/api/v1/offers/get-all-offers-dashboard",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Offers Performance: units sold and revenue per offer in a period",
        description: `${PERIODS_TEXT} Lists the offers (deleted ones too) that ran on a day of the window or sold in it, highest revenue first. \`status\`: Deleted when cancelled, Active while the end day is not past, else Expired.`,
        security: bearerSecurity,
        querystring: timeFilterQuerySchema,
        response: { 200: offersDashboardResponseSchema },
      },
    },
    async (request) =>
      dashboard.getOffersPerformance(await requireShopMerchant(request), request.query.timeFilter),
  );
};
