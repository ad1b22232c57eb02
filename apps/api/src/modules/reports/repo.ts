import {
  PAYMENT_TYPE_LABELS,
  REDEMPTION_TYPE_LABELS,
  TRANSACTION_STATUS_LABELS,
} from "@tessera/shared";
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  lt,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { redemptions, transactions } from "../../db/schema";
import type { Executor } from "../../infra/db";
import {
  csvDateCellSql,
  csvFieldCellSql,
  csvLabelCellSql,
  csvLineSql,
  csvMoneyCellSql,
  csvTextCellSql,
} from "./csv-sql";

export type ReportRange = { start: Date; end: Date };
export type PaymentFilter = "all" | "online" | "pos" | "cash";
/**
 * Where the last batch ended (newest first): the next batch starts strictly after it. `at` is the
 * database's own text of the instant: a JS Date would drop its microseconds and skip rows.
 */
export type Cursor = { at: string; id: number };

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

/** A CSV line with the key of the row it was made from: the next batch starts after it. */
export type CsvLineRow = { id: number; cursorAt: string; line: string };
/** The export's lines of a period, newest first: in keyset batches, or as one query to COPY. */
export type CsvLines = {
  batch: (cursor: Cursor | undefined, limit: number) => Promise<CsvLineRow[]>;
  all: SQLWrapper;
};

/** The Item column: the offer's or the membership's name as recorded at the payment. */
const transactionItem = sql`(case when ${transactions.kind} = 'offer_purchase'
  then coalesce(${transactions.offerName}, 'Offer')
  else coalesce(${transactions.membershipName}, 'Membership') end)`;

/** A page of the shop's transactions, newest first. */
export function listTransactions(
  db: Executor,
  shopId: number,
  range: ReportRange,
  paymentType: PaymentFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({ ...getTableColumns(transactions), item: sql<string>`${transactionItem}` })
    .from(transactions)
    .where(transactionsWhere(shopId, range, paymentType))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The export's transaction lines (the Transactions CSV). */
export function transactionCsvLines(
  db: Executor,
  shopId: number,
  range: ReportRange,
  paymentType: PaymentFilter,
  timeZone: string,
): CsvLines {
  const line = csvLineSql([
    csvFieldCellSql(sql`coalesce(${transactions.providerReference}, 'N/A')`),
    csvDateCellSql(sql`${transactions.createdAt}`, timeZone),
    csvTextCellSql(transactionItem),
    csvTextCellSql(sql`${transactions.customerName}`),
    csvLabelCellSql(sql`${transactions.paymentType}`, PAYMENT_TYPE_LABELS),
    csvMoneyCellSql(sql`${transactions.priceCents}`),
    csvMoneyCellSql(sql`${transactions.discountCents}`),
    csvMoneyCellSql(sql`${transactions.cashbackUsedCents}`),
    csvMoneyCellSql(sql`${transactions.amountCents}`),
    csvLabelCellSql(sql`${transactions.status}`, TRANSACTION_STATUS_LABELS),
  ]);
  const newestFirst = [desc(transactions.createdAt), desc(transactions.id)];
  return {
    batch: (cursor, limit) =>
      db
        .select({
          id: transactions.id,
          cursorAt: sql<string>`${transactions.createdAt}::text`,
          line,
        })
        .from(transactions)
        .where(transactionsWhere(shopId, range, paymentType, cursor))
        .orderBy(...newestFirst)
        .limit(limit),
    all: db
      .select({ line })
      .from(transactions)
      .where(transactionsWhere(shopId, range, paymentType))
      .orderBy(...newestFirst),
  };
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

/** A page of the shop's redemptions, newest first. */
export function listRedemptions(
  db: Executor,
  shopId: number,
  range: ReportRange,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(redemptions)
    .where(redemptionsWhere(shopId, range))
    .orderBy(desc(redemptions.redemptionDate), desc(redemptions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The export's redemption lines (the Redemptions CSV). */
export function redemptionCsvLines(
  db: Executor,
  shopId: number,
  range: ReportRange,
  timeZone: string,
): CsvLines {
  const line = csvLineSql([
    csvDateCellSql(sql`${redemptions.redemptionDate}`, timeZone),
    csvTextCellSql(sql`${redemptions.item}`),
    csvTextCellSql(sql`${redemptions.customerName}`),
    csvLabelCellSql(sql`${redemptions.redemptionType}`, REDEMPTION_TYPE_LABELS),
    csvMoneyCellSql(sql`${redemptions.valueCents}`),
    csvTextCellSql(sql`${redemptions.performedByName}`),
  ]);
  const newestFirst = [desc(redemptions.redemptionDate), desc(redemptions.id)];
  return {
    batch: (cursor, limit) =>
      db
        .select({
          id: redemptions.id,
          cursorAt: sql<string>`${redemptions.redemptionDate}::text`,
          line,
        })
        .from(redemptions)
        .where(redemptionsWhere(shopId, range, cursor))
        .orderBy(...newestFirst)
        .limit(limit),
    all: db
      .select({ line })
      .from(redemptions)
      .where(redemptionsWhere(shopId, range))
      .orderBy(...newestFirst),
  };
}
