import {
  PAYMENT_TYPE_LABELS,
  REDEMPTION_TYPE_LABELS,
  TRANSACTION_STATUS_LABELS,
} from "@tessera/shared";
import {
  and,
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
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { redemptions, transactions } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { countRows, type RowPage, rowsOnPage } from "../../infra/db/pages";
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

/** The rows after the cursor in the newest-first order of (`at`, `id`); all without one. */
function afterCursor(at: AnyPgColumn, id: AnyPgColumn, cursor?: Cursor): SQL | undefined {
  if (!cursor) return undefined;
  return and(
    // The plain bound lets the index stop at the cursor; the row comparison breaks the ties.
    lte(at, sql`${cursor.at}::timestamptz`),
    sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`,
  );
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
    afterCursor(transactions.createdAt, transactions.id, cursor),
  );
}

function redemptionsWhere(shopId: number, range: ReportRange, cursor?: Cursor) {
  return and(
    eq(redemptions.shopId, shopId),
    gte(redemptions.redemptionDate, range.start),
    lt(redemptions.redemptionDate, range.end),
    afterCursor(redemptions.redemptionDate, redemptions.id, cursor),
  );
}

/** A CSV line with the key of the row it was made from: the next batch starts after it. */
export type CsvLineRow = { id: number; cursorAt: string; line: string };
/** The export's lines of a period, newest first: in keyset batches, or as one query to COPY. */
export type CsvLines = {
  batch: (cursor: Cursor | undefined, limit: number) => Promise<CsvLineRow[]>;
  all: SQLWrapper;
};

/**
 * An export's lines of `table`, newest first by (`at`, `id`); `where` picks the period's rows,
 * after a cursor when given one.
 */
function csvLinesOf(
  db: Executor,
  source: {
    table: typeof transactions | typeof redemptions;
    at: AnyPgColumn;
    id: AnyPgColumn<{ data: number }>;
  },
  line: SQL<string>,
  where: (cursor?: Cursor) => SQL | undefined,
): CsvLines {
  const { table, at, id } = source;
  const newestFirst = [desc(at), desc(id)];
  return {
    batch: (cursor, limit) =>
      db
        .select({ id, cursorAt: sql<string>`${at}::text`, line })
        .from(table)
        .where(where(cursor))
        .orderBy(...newestFirst)
        .limit(limit),
    all: db
      .select({ line })
      .from(table)
      .where(where())
      .orderBy(...newestFirst),
  };
}

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
  return csvLinesOf(
    db,
    { table: transactions, at: transactions.createdAt, id: transactions.id },
    line,
    (cursor) => transactionsWhere(shopId, range, paymentType, cursor),
  );
}

export async function countRedemptions(
  db: Executor,
  shopId: number,
  range: ReportRange,
): Promise<number> {
  return countRows(db, redemptions, redemptionsWhere(shopId, range));
}

/** A page of the shop's redemptions, newest first. */
export function listRedemptions(db: Executor, shopId: number, range: ReportRange, page: RowPage) {
  const newestFirst = [desc(redemptions.redemptionDate), desc(redemptions.id)];
  return rowsOnPage(db, redemptions, redemptionsWhere(shopId, range), newestFirst, page);
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
  return csvLinesOf(
    db,
    { table: redemptions, at: redemptions.redemptionDate, id: redemptions.id },
    line,
    (cursor) => redemptionsWhere(shopId, range, cursor),
  );
}
