import { and, count, desc, eq, getTableColumns, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { redemptions, transactions } from "../../db/schema";
import type { Executor } from "../../infra/db";

export type ReportRange = { start: Date; end: Date };
export type PaymentFilter = "all" | "online" | "pos" | "cash";
/**
 * Where the last batch ended (newest first): the next batch starts strictly after it. `at` is the
 * database's own text of the instant: a JS Date would drop its microseconds and skip rows.
 */
export type Cursor = { at: string; id: number };

/** "5 Sep, 2024" in the zone, formatted by the database (an export formats a million). */
function localDate(column: AnyPgColumn, timeZone: string | undefined) {
  return timeZone === undefined
    ? sql<string | null>`null`
    : sql<string | null>`to_char(${column} at time zone ${timeZone}, 'FMDD Mon, YYYY')`;
}

function transactionsWhere(
  shopId: number,
  range: ReportRange,
  paymentType: PaymentFilter,
  cursor?: Cursor,
): SQL | undefined {
  return and(
    eq(transactions.shopId, shopId),
    paymentType === "all" ? undefined : eq(transactions.paymentType, paymentType),
    gte(transactions.createdAt, range.start),
    lt(transactions.createdAt, range.end),
    // The plain bound lets the index stop at the cursor; the row comparison breaks the ties.
    cursor ? lte(transactions.createdAt, sql`${cursor.at}::timestamptz`) : undefined,
    cursor
      ? sql`(${transactions.createdAt}, ${transactions.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined,
  );
}

function redemptionsWhere(shopId: number, range: ReportRange, cursor?: Cursor) {
  return and(
    eq(redemptions.shopId, shopId),
    gte(redemptions.redemptionDate, range.start),
    lt(redemptions.redemptionDate, range.end),
    cursor ? lte(redemptions.redemptionDate, sql`${cursor.at}::timestamptz`) : undefined,
    cursor
      ? sql`(${redemptions.redemptionDate}, ${redemptions.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined,
  );
}

/** A page (offset) or a batch after `cursor` (keyset) of the shop's transactions, newest first. */
export function listTransactions(
  db: Executor,
  shopId: number,
  range: ReportRange,
  paymentType: PaymentFilter,
  options: { limit: number; offset?: number; cursor?: Cursor; timeZone?: string },
) {
  return db
    .select({
      ...getTableColumns(transactions),
      cursorAt: sql<string>`${transactions.createdAt}::text`,
      localDate: localDate(transactions.createdAt, options.timeZone),
    })
    .from(transactions)
    .where(transactionsWhere(shopId, range, paymentType, options.cursor))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

export async function countRedemptions(
  db: Executor,
  shopId: number,
  range: ReportRange,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(redemptions)
    .where(redemptionsWhere(shopId, range));
  return row?.n ?? 0;
}

export function listRedemptions(
  db: Executor,
  shopId: number,
  range: ReportRange,
  options: { limit: number; offset?: number; cursor?: Cursor; timeZone?: string },
) {
  return db
    .select({
      ...getTableColumns(redemptions),
      cursorAt: sql<string>`${redemptions.redemptionDate}::text`,
      localDate: localDate(redemptions.redemptionDate, options.timeZone),
    })
    .from(redemptions)
    .where(redemptionsWhere(shopId, range, options.cursor))
    .orderBy(desc(redemptions.redemptionDate), desc(redemptions.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}
