import { z } from "zod";
import { DEFAULT_PERIOD } from "../options.ts";
import { periodSchema } from "../validation/enums.ts";
import { DASHBOARD_BUCKETS } from "./reports.ts";

/**
 * Subscription analytics (docs/analytics.md has the definitions). Money is in dollars with
 * cents (MRR of a yearly plan is its price ÷ 12, rounded to the cent only when shown); rates are
 * percentages rounded to 2 decimals and null when their denominator is 0.
 */

export const TIER_FILTER_MESSAGE = "Choose a membership tier of this shop.";

/** Every analytics read: the dashboard's period and an optional tier. */
export const analyticsQuerySchema = z.object({
  timeFilter: periodSchema.default(DEFAULT_PERIOD),
  tierId: z.coerce
    .number({ error: TIER_FILTER_MESSAGE })
    .int(TIER_FILTER_MESSAGE)
    .positive(TIER_FILTER_MESSAGE)
    .optional(),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const signedMoney = z.number();
const rate = z.number().nullable();

export const MRR_MOVEMENTS = ["new", "expansion", "contraction", "churned", "reactivated"] as const;
export type MrrMovement = (typeof MRR_MOVEMENTS)[number];

const movementsSchema = z.object({
  new: signedMoney,
  expansion: signedMoney,
  contraction: signedMoney,
  churned: signedMoney,
  reactivated: signedMoney,
});
export type MrrMovements = z.infer<typeof movementsSchema>;

export const subscriptionPointSchema = movementsSchema.extend({
  /** "YYYY-MM-DD" or "YYYY-MM": the bucket; its figures are taken at the bucket's end. */
  date: z.string(),
  mrr: signedMoney,
  activeMembers: z.number().int(),
  joined: z.number().int(),
  left: z.number().int(),
});
export type SubscriptionPoint = z.infer<typeof subscriptionPointSchema>;

/** GET /analytics/subscriptions */
export const subscriptionAnalyticsSchema = z.object({
  bucket: z.enum(DASHBOARD_BUCKETS),
  mrr: signedMoney,
  arr: signedMoney,
  mrrAtStart: signedMoney,
  activeMembers: z.number().int(),
  activeMembersAtStart: z.number().int(),
  /** The sum of the series' movements: equals mrr − mrrAtStart to the cent. */
  movements: movementsSchema,
  series: z.array(subscriptionPointSchema),
  churn: z.object({
    /** Members at the start who are members of no tier at the end. */
    membersLost: z.number().int(),
    logoChurnRate: rate,
    /** MRR of members at the start lost by the end (churned plus contraction). */
    mrrLost: signedMoney,
    revenueChurnRate: rate,
  }),
  recoveries: z.object({
    /** Renewals whose first charge in the window failed. */
    failedRenewals: z.number().int(),
    /** Of those failures (and earlier ones), renewals paid in the window after a failure. */
    recovered: z.number().int(),
    recoveredRevenue: signedMoney,
    recoveryRate: rate,
  }),
});
export type SubscriptionAnalytics = z.infer<typeof subscriptionAnalyticsSchema>;

/** GET /analytics/cohorts: one row per join month in the window. */
export const cohortSchema = z.object({
  month: z.string(),
  size: z.number().int(),
  /** Members still active 1 … 12 months after joining; null where that moment is still ahead. */
  active: z.array(z.number().int().nullable()),
  retention: z.array(rate),
});
export const cohortAnalyticsSchema = z.object({ cohorts: z.array(cohortSchema) });
export type Cohort = z.infer<typeof cohortSchema>;
export type CohortAnalytics = z.infer<typeof cohortAnalyticsSchema>;

/** GET /analytics/lifetime-value: per tier, and all tiers together (`tierId` null). */
export const tierValueSchema = z.object({
  tierId: z.number().int().nullable(),
  tierName: z.string(),
  members: z.number().int(),
  mrr: signedMoney,
  /** MRR ÷ members, per month. */
  arpu: signedMoney.nullable(),
  /** Members lost in the window's months ÷ members at those months' starts. */
  monthlyChurnRate: rate,
  /** ARPU ÷ monthly churn; null without churn (no finite estimate). */
  ltv: signedMoney.nullable(),
});
export const lifetimeValueAnalyticsSchema = z.object({ tiers: z.array(tierValueSchema) });
export type TierValue = z.infer<typeof tierValueSchema>;
export type LifetimeValueAnalytics = z.infer<typeof lifetimeValueAnalyticsSchema>;

/** GET /analytics/benefits */
export const benefitUseSchema = z.object({
  tierId: z.number().int(),
  tierName: z.string(),
  benefitId: z.number().int(),
  benefitName: z.string(),
  eligibleMemberMonths: z.number().int(),
  redeemedMemberMonths: z.number().int(),
  useRate: rate,
});
export const benefitAnalyticsSchema = z.object({
  benefits: z.array(benefitUseSchema),
  cashback: z.object({
    earned: signedMoney,
    redeemed: signedMoney,
    /** Rewards taken back after refunds. */
    reversed: signedMoney,
    /** Cashback the members hold at the window's end: what the shop still owes. */
    liability: signedMoney,
  }),
});
export type BenefitUse = z.infer<typeof benefitUseSchema>;
export type BenefitAnalytics = z.infer<typeof benefitAnalyticsSchema>;

/** GET /analytics/offers */
export const offerAnalyticsRowSchema = z.object({
  id: z.number().int(),
  offerName: z.string(),
  quantity: z.number().int().nullable(),
  sold: z.number().int(),
  soldAllTime: z.number().int(),
  sellThrough: rate,
  revenue: signedMoney,
  redeemed: z.number().int(),
  redemptionRate: rate,
});
export const offerAnalyticsSchema = z.object({ offers: z.array(offerAnalyticsRowSchema) });
export type OfferAnalyticsRow = z.infer<typeof offerAnalyticsRowSchema>;
export type OfferAnalytics = z.infer<typeof offerAnalyticsSchema>;

/** A ratio as a percentage rounded to 2 decimals; null when nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / whole) * 10_000) / 100;
}
