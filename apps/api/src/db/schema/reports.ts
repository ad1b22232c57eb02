import { bigint, index, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { at, startsAtZero } from "./columns";
import { shopKey, shopRef } from "./owner-columns";

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
    shopId: shopRef(),
    bucketStart: at("bucket_start").notNull(),
    /** Succeeded payments that are not offer purchases: `amount_cents`. */
    membershipCents: bigint("membership_cents", { mode: "number" }).notNull().default(0),
    /** Succeeded `membership_purchase` payments. */
    newMemberships: startsAtZero("new_memberships"),
    /** Succeeded offer purchases: `amount_cents + cashback_used_cents`. */
    offerCents: bigint("offer_cents", { mode: "number" }).notNull().default(0),
    offerCount: startsAtZero("offer_count"),
    /** Every transaction, whatever its status, by payment type (the report totals). */
    onlineCount: startsAtZero("online_count"),
    posCount: startsAtZero("pos_count"),
    cashCount: startsAtZero("cash_count"),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.bucketStart] })],
);

/** How far the shop's slices are filled: every slice before `rolledUntil` is in the table. */
export const transactionRollupState = pgTable(
  "transaction_rollup_state",
  {
    shopId: shopKey(),
    rolledUntil: at("rolled_until").notNull(),
  },
  (t) => [index("transaction_rollup_state_until_idx").on(t.rolledUntil)],
);
