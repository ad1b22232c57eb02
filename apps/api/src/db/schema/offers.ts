import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { startsAtZero, timestamps } from "./columns";
import { shopOwned } from "./owner-columns";

/**
 * A shop's time-limited offer, purchasable from `startDate` to `endDate` inclusive (the shop's
 * calendar days). Money is integer cents. Toggles that are off keep their number at 0;
 * `validityDays` 0 means a purchase never expires. `status` becomes `cancelled` when an offer
 * with sales is deleted.
 */
export const offers = pgTable(
  "offers",
  {
    ...shopOwned(),
    offerName: varchar("offer_name", { length: 50 }).notNull(),
    description: varchar("description", { length: 2000 }).notNull(),
    redemptionInstructions: varchar("redemption_instructions", { length: 500 }),
    originalPriceCents: integer("original_price_cents"),
    offerPriceCents: integer("offer_price_cents").notNull(),
    isLimited: boolean("is_limited").notNull().default(false),
    quantity: startsAtZero("quantity"),
    isLimitedPerUser: boolean("is_limited_per_user").notNull().default(false),
    limitPerUser: startsAtZero("limit_per_user"),
    hasValidity: boolean("has_validity").notNull().default(false),
    validityDays: startsAtZero("validity_days"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    offerImage: text("offer_image").notNull(),
    status: varchar("status", { length: 16, enum: ["active", "cancelled"] })
      .notNull()
      .default("active"),
    ...timestamps(),
  },
  (t) => [
    // The storefront and the Active/Expired tabs look from the end date, Upcoming from the start.
    index("offers_shop_end_idx").on(t.shopId, t.endDate),
    index("offers_shop_start_idx").on(t.shopId, t.startDate),
    check("offers_dates_ordered", sql`${t.endDate} >= ${t.startDate}`),
    check("offers_price_positive", sql`${t.offerPriceCents} > 0`),
    check(
      "offers_original_price_higher",
      sql`${t.originalPriceCents} is null or ${t.originalPriceCents} > ${t.offerPriceCents}`,
    ),
    check(
      "offers_counts_not_negative",
      sql`${t.quantity} >= 0 and ${t.limitPerUser} >= 0 and ${t.validityDays} >= 0`,
    ),
  ],
);

export type Offer = typeof offers.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;
