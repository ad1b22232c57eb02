import {
  analyticsQuerySchema,
  benefitAnalyticsSchema,
  cohortAnalyticsSchema,
  lifetimeValueAnalyticsSchema,
  offerAnalyticsSchema,
  subscriptionAnalyticsSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerSecurity, requireShopMerchant } from "../../plugins/auth";
import type { AnalyticsService } from "./service";

const QUERY_TEXT =
  "`timeFilter`: the dashboard's periods (`currentMonth` default, `30Days`, `60Days`, `6months`, `lastYear`); `tierId`: only that tier of the shop (404 for any other). Windows end now, in the shop's time zone. Money in dollars; MRR counts a yearly plan as 1/12 a month; rates are percentages (2 decimals), null without a denominator. Definitions: docs/analytics.md.";

/** Analytics are read by the owner and, like the dashboard and reports, by the shop's staff. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  opts,
) => {
  const { analytics } = opts;
  const routes = [
    {
      url: "/api/v1/analytics/subscriptions",
      summary: "MRR, ARR, MRR movements, members over time, churn and failed-payment recoveries",
      response: subscriptionAnalyticsSchema,
      read: analytics.subscriptions,
    },
    {
      url: "/api/v1/analytics/cohorts",
      summary: "Retention cohorts: members by join month, share still members 1 … 12 months on",
      response: cohortAnalyticsSchema,
      read: analytics.cohorts,
    },
    {
      url: "/api/v1/analytics/lifetime-value",
      summary: "ARPU and lifetime value (ARPU ÷ monthly churn) per tier",
      response: lifetimeValueAnalyticsSchema,
      read: analytics.lifetimeValue,
    },
    {
      url: "/api/v1/analytics/benefits",
      summary: "Benefit use per tier and benefit, cashback earned against redeemed",
      response: benefitAnalyticsSchema,
      read: analytics.benefits,
    },
    {
      url: "/api/v1/analytics/offers",
      summary: "Offers: sell-through, revenue and redemption rate of sold offers",
      response: offerAnalyticsSchema,
      read: analytics.offers,
    },
  ] as const;
  for (const route of routes) {
    app.get(
      route.url,
      {
        schema: {
          tags: ["analytics"],
          summary: route.summary,
          description: QUERY_TEXT,
          security: bearerSecurity,
          querystring: analyticsQuerySchema,
          response: { 200: route.response },
        },
      },
      // Each read answers its own route's schema; the union of the five is not one type.
      async (request) =>
        (route.read as (s: { shopId: number }, q: typeof request.query) => Promise<never>)(
          await requireShopMerchant(request),
          request.query,
        ),
    );
  }
};
