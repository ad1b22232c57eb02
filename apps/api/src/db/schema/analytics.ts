import { bigint, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
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
