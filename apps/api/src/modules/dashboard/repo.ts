import { and, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { customerMemberships, offers, redemptions, transactions } from "../../db/schema";
import type { Executor } from "../../infra/db";

/** What a sale brought in: the card or cash part plus the cashback spent on it. */
const saleCents = sql`${transactions.amountCents} + ${transactions.cashbackUsedCents}`;

/** Memberships that renew now: `active`, or `pending` while a renewal payment is outstanding. */
export async function countActiveSubscriptions(db: Executor, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(customerMemberships)
    .where(
      and(
        eq(customerMemberships.shopId, shopId),
        inArray(customerMemberships.status, ["active", "pending"]),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The Offers Performance rows: the shop's offers (deleted ones included) that ran during the
 * window's days or sold in it, with units sold and revenue (cents) in the window; best first.
 */
export async function listOfferPerformance(
  db: Executor,
  shopId: number,
  range: { start: Date; end: Date; startDay: string; endDay: string },
) {
  const sales = db
    .select({
      offerId: transactions.offerId,
      sold: sql<string>`count(*)`.as("sold"),
      revenue: sql<string>`sum(${saleCents})`.as("revenue"),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.shopId, shopId),
        eq(transactions.kind, "offer_purchase"),
        eq(transactions.status, "succeeded"),
        gte(transactions.createdAt, range.start),
        lt(transactions.createdAt, range.end),
      ),
    )
    .groupBy(transactions.offerId)
    .as("sales");
  const revenue = sql<string>`coalesce(${sales.revenue}, 0)`;
  const rows = await db
    .select({
      id: offers.id,
      offerName: offers.offerName,
      status: offers.status,
      startDate: offers.startDate,
      endDate: offers.endDate,
      sold: sql<string>`coalesce(${sales.sold}, 0)`,
      revenue,
    })
    .from(offers)
    .leftJoin(sales, eq(sales.offerId, offers.id))
    .where(
      and(
        eq(offers.shopId, shopId),
        or(
          sql`${sales.offerId} is not null`,
          and(
            sql`${offers.startDate} <= ${range.endDay}`,
            sql`${offers.endDate} >= ${range.startDay}`,
          ),
        ),
      ),
    )
    .orderBy(desc(revenue), desc(offers.id));
  return rows.map((row) => ({
    ...row,
    soldCount: Number(row.sold),
    revenueCents: Number(row.revenue),
  }));
}

/** How many of one shop's rows of `table` have their `at` moment in [from, to). */
async function countInWindow(
  db: Executor,
  table: PgTable,
  columns: { shopId: PgColumn; at: PgColumn },
  window: { shopId: number; from: Date; to: Date },
) {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(table)
    .where(
      and(
        eq(columns.shopId, window.shopId),
        gte(columns.at, window.from),
        lt(columns.at, window.to),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Memberships that ended in a window (expired unpaid, declined, or at the end of a cancellation). */
export function countEndedMemberships(db: Executor, shopId: number, from: Date, to: Date) {
  const columns = { shopId: customerMemberships.shopId, at: customerMemberships.endedAt };
  return countInWindow(db, customerMemberships, columns, { shopId, from, to });
}

/** Benefit, offer and cashback redemptions made in a window. */
export function countRedemptions(db: Executor, shopId: number, from: Date, to: Date) {
  const columns = { shopId: redemptions.shopId, at: redemptions.redemptionDate };
  return countInWindow(db, redemptions, columns, { shopId, from, to });
}
