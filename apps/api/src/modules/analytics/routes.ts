import {
  type AnalyticsQuery,
  analyticsQuerySchema,
  benefitAnalyticsSchema,
  cohortAnalyticsSchema,
  lifetimeValueAnalyticsSchema,
  offerAnalyticsSchema,
  subscriptionAnalyticsSchema,
} from "@tessera/shared";
import type { z } from "zod";
import { merchantStep, merchantStepsPlugin } from "../../plugins/merchant-steps";
import type { AnalyticsService } from "./service";

const QUERY_TEXT =
  "`timeFilter`: the dashboard's periods (`currentMonth` default, `30Days`, `60Days`, `6months`, `lastYear`); `tierId`: only that tier of the shop (404 for any other). Windows end now, in the shop's time zone. Money in dollars; MRR counts a yearly plan as 1/12 a month; rates are percentages (2 decimals), null without a denominator. Definitions: docs/analytics.md.";

/** One of the analytics reads: a GET of the shop's numbers for the query's window and tier. */
function analyticsRead<Out extends z.ZodTypeAny>(
  url: string,
  summary: string,
  response: Out,
  read: (shop: { shopId: number }, query: AnalyticsQuery) => Promise<z.infer<Out>>,
) {
  return merchantStep({
    method: "GET",
    url,
    summary,
    description: QUERY_TEXT,
    from: "querystring",
    input: analyticsQuerySchema,
    response,
    run: read,
  });
}

/** Analytics are read by the owner and, like the dashboard and reports, by the shop's staff. */
export const analyticsRoutes = merchantStepsPlugin(
  ["analytics"],
  ({ analytics }: { analytics: AnalyticsService }) => [
    analyticsRead(
      "/api/v1/analytics/subscriptions",
      "MRR, ARR, MRR movements, members over time, churn and failed-payment recoveries",
      subscriptionAnalyticsSchema,
      analytics.subscriptions,
    ),
    analyticsRead(
      "/api/v1/analytics/cohorts",
      "Retention cohorts: members by join month, share still members 1 … 12 months on",
      cohortAnalyticsSchema,
      analytics.cohorts,
    ),
    analyticsRead(
      "/api/v1/analytics/lifetime-value",
      "ARPU and lifetime value (ARPU ÷ monthly churn) per tier",
      lifetimeValueAnalyticsSchema,
      analytics.lifetimeValue,
    ),
    analyticsRead(
      "/api/v1/analytics/benefits",
      "Benefit use per tier and benefit, cashback earned against redeemed",
      benefitAnalyticsSchema,
      analytics.benefits,
    ),
    analyticsRead(
      "/api/v1/analytics/offers",
      "Offers: sell-through, revenue and redemption rate of sold offers",
      offerAnalyticsSchema,
      analytics.offers,
    ),
  ],
);
