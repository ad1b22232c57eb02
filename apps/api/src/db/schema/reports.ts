import { bigint, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { shops } from "./shops";

/**
 * The shop's transactions summed per 15-minute slice of UTC time (every zone's offset is a
 * multiple of 15 minutes, so a slice never straddles a local day). The dashboard and the report
 * totals read these instead of a year of rows. Slices are filled by the app up to
 * `transaction_rollup_state.rolled_until` (an hour behind now) and kept right afterwards by the
 * `transactions_rollup_sync` trigger, which recomputes a filled slice whose rows change (a
 * refund, a late insert). Money in cents.
 */
export const transactionRollups = pgTable(
  "transaction_rollups",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
    /** Succeeded payments that are not offer purchases: `amount_cents`. */
    membershipCents: bigint("membership_cents", { mode: "number" }).notNull().default(0),
    /** Succeeded `membership_purchase` payments. */
    newMemberships: integer("new_memberships").notNull().default(0),
    /** Succeeded offer purchases: `amount_cents + cashback_used_cents`. */
    offerCents: bigint("offer_cents", { mode: "number" }).notNull().default(0),
    offerCount: integer("offer_count").notNull().default(0),
    /** Every transaction, whatever its status, by payment type (the report totals). */
    onlineCount: integer("online_count").notNull().default(0),
    posCount: integer("pos_count").notNull().default(0),
    cashCount: integer("cash_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.bucketStart] })],
);

/** How far the shop's slices are filled: every slice before `rolledUntil` is in the table. */
export const transactionRollupState = pgTable(
  "transaction_rollup_state",
  {
    shopId: integer("shop_id")
      .primaryKey()
      .references(() => shops.id, { onDelete: "cascade" }),
    rolledUntil: timestamp("rolled_until", { withTimezone: true }).notNull(),
  },
  (t) => [index("transaction_rollup_state_until_idx").on(t.rolledUntil)],
);
