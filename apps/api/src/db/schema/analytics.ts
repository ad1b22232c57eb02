import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from "drizzle-orm/pg-core";
import { customerMemberships } from "./payments";
import { shops } from "./shops";

/**
 * The payments that set a membership's tier or price (subscription analytics, issue 19): of a
 * membership's succeeded or refunded purchases and renewals, oldest first, the first and every
 * one whose tier or annualised price differs from the one before. Renewals at the same price
 * change no figure and are most payments, so the analytics read these ~1 in 5 rows instead of
 * the shop's transactions. Derived from `transactions` only and kept exact by the
 * `membership_price_changes_sync` triggers, which recompute a changed membership's rows under
 * a lock on the membership (docs/analytics.md). `tierId` is the payment's, null once the tier
 * is deleted, as in `transactions`.
 */
export const membershipPriceChanges = pgTable(
  "membership_price_changes",
  {
    membershipId: integer("membership_id")
      .notNull()
      .references(() => customerMemberships.id, { onDelete: "cascade" }),
    /** The payment's id: with `changedAt` it orders a membership's payments as the read does. */
    transactionId: integer("transaction_id").notNull(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    tierId: integer("tier_id"),
    /** (price − discount) × 12 for a monthly plan, × 1 for a yearly one. */
    arrCents: bigint("arr_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.transactionId] }),
    index("membership_price_changes_shop_idx").on(t.shopId, t.changedAt),
  ],
);

/**
 * Each customer's place in the retention cohorts (issue 19): when they first joined the shop,
 * that instant's local day, the tier their first membership started on, and whether they were a
 * member (of any tier) exactly 1 … 12 calendar months after joining (bit k − 1 of `active`,
 * `monthsAfter` of the engine), whatever today is. Derived from `customer_memberships` and
 * `membership_price_changes` only, kept by the `analytics_cohort_sync` triggers (migration
 * i19_analytics_rollups), which recompute a changed customer under a lock on that customer.
 * No foreign key to `customers`: a deleted customer's row is removed by the recomputation
 * (their memberships go with them), which also takes their counts out of the rollup.
 */
export const analyticsCohortMembers = pgTable(
  "analytics_cohort_members",
  {
    customerId: integer("customer_id").primaryKey(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    firstStart: timestamp("first_start", { withTimezone: true }).notNull(),
    /** The local day of `firstStart` in the shop's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    tierId: integer("tier_id").notNull(),
    active: integer("active").notNull(),
  },
  (t) => [index("analytics_cohort_members_shop_idx").on(t.shopId, t.firstStart)],
);

/**
 * The sums of `analytics_cohort_members` per shop, local day and first tier: a cohort read adds
 * up at most a year of days per tier instead of visiting every member. Kept by the same
 * triggers with increments (INSERT … ON CONFLICT DO UPDATE), refilled when the shop's time zone
 * changes.
 */
export const analyticsCohortDays = pgTable(
  "analytics_cohort_days",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    tierId: integer("tier_id").notNull(),
    size: integer("size").notNull(),
    m1: integer("m1").notNull(),
    m2: integer("m2").notNull(),
    m3: integer("m3").notNull(),
    m4: integer("m4").notNull(),
    m5: integer("m5").notNull(),
    m6: integer("m6").notNull(),
    m7: integer("m7").notNull(),
    m8: integer("m8").notNull(),
    m9: integer("m9").notNull(),
    m10: integer("m10").notNull(),
    m11: integer("m11").notNull(),
    m12: integer("m12").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.tierId] })],
);

/**
 * Offer sales per shop, offer and UTC day (issue 19): units sold and redeemed by the day they
 * were bought (`customer_offers.purchased_at`, voided purchases left out) and revenue by the day
 * it was paid (succeeded `offer_purchase` transactions, card or cash plus cashback). The offers
 * read adds up these days and reads the rows themselves only for the window's cut days. UTC
 * days, so a shop's time zone never moves a row. Kept by the `analytics_offer_days` triggers on
 * both tables with increments (INSERT … ON CONFLICT DO UPDATE), migration 0021_offer_rollup.
 */
export const analyticsOfferDays = pgTable(
  "analytics_offer_days",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    offerId: integer("offer_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    sold: integer("sold").notNull(),
    redeemed: integer("redeemed").notNull(),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
    /** The paying transactions counted in `revenueCents` (a free offer's too). */
    payments: integer("payments").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.offerId] })],
);

/**
 * Every month of a membership that has begun, up to the shop's horizon (benefit use, issue 19):
 * month k starts at `monthsAfter(start)(k)` (UTC calendar months, clamped to the month's last
 * day), on the tier the membership is on at that instant, with the benefits redeemed for that
 * membership and month (`used`, sorted ids). Derived from `customer_memberships`,
 * `membership_price_changes` and `redemptions` only, kept by the `analytics_benefit` triggers,
 * which recompute a touched membership's rows under its row lock and move the difference into
 * `analytics_benefit_days` (migration 0022_benefit_rollup). No foreign key to the membership: a
 * deleted membership's rows are removed by the recomputation, which takes their counts out too.
 */
export const analyticsMemberMonths = pgTable(
  "analytics_member_months",
  {
    membershipId: integer("membership_id").notNull(),
    k: integer("k").notNull(),
    /**
     * No foreign key either: the shop is the membership's, which its own key holds, and a check
     * per row cost a member import's batch 10 ms of its 35 ms here (14 rows a membership;
     * migration 0028_member_months_unchecked).
     */
    shopId: integer("shop_id").notNull(),
    monthStart: timestamp("month_start", { withTimezone: true }).notNull(),
    /** The tier at the month's first instant; 0 when it is unknown (a deleted tier). */
    tierId: integer("tier_id").notNull(),
    used: integer("used").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.k] }),
    index("analytics_member_months_shop_idx").on(t.shopId, t.monthStart),
  ],
);

/**
 * Member-months per shop, UTC day of the month's start and tier (`benefitId` 0), and those in
 * which each benefit was redeemed (`benefitId` the benefit's), summed from
 * `analytics_member_months` with increments. The benefits read adds up the whole days of its
 * window and counts the two cut days from the member-months themselves.
 */
export const analyticsBenefitDays = pgTable(
  "analytics_benefit_days",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    tierId: integer("tier_id").notNull(),
    benefitId: integer("benefit_id").notNull(),
    months: integer("months").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.tierId, t.benefitId] })],
);

/**
 * How far ahead `analytics_member_months` holds a shop's running memberships' months (those
 * with no end go on for ever): months starting before `until`. A read whose window ends later
 * moves it forward first (`analytics_benefit_extend`).
 */
export const analyticsBenefitHorizon = pgTable("analytics_benefit_horizon", {
  shopId: integer("shop_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

/**
 * Each customer's standing over time (lifetime value, issue 19): maximal spans [fromAt, toAt)
 * in which the customer is a member on one tier at one annualised price (the engine's
 * `standingAt`: the running membership with the lowest id, at its latest price change), with the
 * end of the run of membership the span belongs to (`runEnd`, the first instant of no
 * membership; null: still running), the start of the customer's next run (`nextStart`) and how
 * the span counts when the customer leaves (`lost`: 0 never, 1 rolled up at `runEnd`'s hour,
 * 2 checked by the read). Derived from `customer_memberships` and `membership_price_changes`,
 * kept by the `analytics_standing` triggers, which recompute a touched customer's spans and
 * move the difference into `analytics_standing_hours` (migration 0024_standing_rollup).
 */
export const analyticsStandings = pgTable(
  "analytics_standings",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").notNull(),
    fromAt: timestamp("from_at", { withTimezone: true }).notNull(),
    toAt: timestamp("to_at", { withTimezone: true }),
    tierId: integer("tier_id").notNull(),
    arrCents: bigint("arr_cents", { mode: "number" }).notNull(),
    runEnd: timestamp("run_end", { withTimezone: true }),
    nextStart: timestamp("next_start", { withTimezone: true }),
    lost: smallint("lost").notNull(),
    /** The customer's earliest span in the shop: always a new member's MRR (migration 0030). */
    firstSpan: boolean("first_span").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.shopId, t.fromAt] }),
    index("analytics_standings_from_idx").on(t.shopId, t.fromAt),
    // The spans the subscriptions read still pairs by customer: every one but the first.
    index("analytics_standings_later_idx").on(t.shopId, t.fromAt).where(sql`not ${t.firstSpan}`),
    index("analytics_standings_to_idx").on(t.shopId, t.toAt),
    index("analytics_standings_run_end_idx").on(t.shopId, t.runEnd),
  ],
);

/**
 * Per shop, UTC hour and tier, summed from `analytics_standings` with increments: members joining
 * the tier (+1 at a span's start, −1 at its end) with their annualised cents, and the members
 * lost (spans with `lost` 1, at their run's end). The lifetime-value read adds up the hours that
 * hold no boundary of its window and reads the spans for the hours that do.
 */
export const analyticsStandingHours = pgTable(
  "analytics_standing_hours",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    tierId: integer("tier_id").notNull(),
    members: integer("members").notNull(),
    arrCents: bigint("arr_cents", { mode: "number" }).notNull(),
    lost: integer("lost").notNull(),
    /** The annualised cents of the customers' first spans starting in the hour. */
    firstArr: bigint("first_arr", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.hour, t.tierId] })],
);

/**
 * The renewals that count in the failed-payment recoveries (subscription analytics, issue 19):
 * of a membership's renewal payments in order (created_at, id), a failure that opens a run of
 * failures (`failed`) and a payment not failed that follows a failure (`recovered`); the
 * `tier…` pair is the same among the membership's renewals on the row's own tier, which is what
 * the read filtered by a tier counts. Only rows with at least one flag are kept: a large shop's
 * recoveries read a few thousand rows instead of every failed renewal and its neighbours.
 * Derived from `transactions` only and kept exact by the `analytics_renewal` triggers, which
 * recompute a changed membership's rows under its row lock (migration 0029_renewal_recoveries).
 */
export const analyticsRenewalEvents = pgTable(
  "analytics_renewal_events",
  {
    transactionId: integer("transaction_id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    /** None for a renewal whose membership was deleted: its failure counts alone. */
    membershipId: integer("membership_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    tierId: integer("tier_id"),
    failed: boolean("failed").notNull(),
    recovered: boolean("recovered").notNull(),
    tierFailed: boolean("tier_failed").notNull(),
    tierRecovered: boolean("tier_recovered").notNull(),
    /** What the payment brought in when it succeeded, else 0. */
    paidCents: integer("paid_cents").notNull(),
  },
  (t) => [
    // Migration 0029 adds INCLUDE (the flags, tier and cents), which this builder cannot say.
    index("analytics_renewal_events_shop_idx").on(t.shopId, t.createdAt),
    index("analytics_renewal_events_membership_idx").on(t.membershipId),
  ],
);
