import { Readable } from "node:stream";
import {
  ACCESS_MESSAGES,
  csvLine,
  getPeriodRange,
  pageOffset,
  REPORT_MESSAGES,
  type RedemptionReportResponse,
  type ReportPaymentFilter,
  type ReportPeriod,
  redemptionReportFileName,
  type TransactionReportResponse,
  type TransactionReportRow,
  todayInTimeZone,
  transactionReportFileName,
} from "@tessera/shared";
import type { SQLWrapper } from "drizzle-orm";
import type { TransactionRow } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { recordExport } from "../audit/record";
import { ensureRolledUp, sumFacts } from "../dashboard/rollups";
import { toTransactionDto } from "../payments/service";
import { toRedemptionDto } from "../redemptions/service";
import { findShopTimeZone } from "../shops/lookups";
import * as repo from "./repo";

export type ReportsDeps = {
  db: Database;
  now?: () => Date;
  /** PostgreSQL's COPY (DatabaseHandle.copyValues): exports stream from it when present. */
  copyValues?: ((query: SQLWrapper) => Promise<Readable>) | undefined;
  /** Rows per query of an export read in batches (PGlite). */
  exportBatchSize?: number;
};

type ShopScope = { shopId: number };
type Paging = { page: number; pageSize: number };

/** A CSV download: its file name and its body, produced batch by batch as it is read. */
export type CsvExport = { fileName: string; body: Readable };

const TRANSACTION_HEADER = [
  "Transaction ID",
  "Transaction Date",
  "Item",
  "Customer",
  "Payment type",
  "Price",
  "Discount",
  "Cashback used",
  "Amount paid",
  "Status",
];
const REDEMPTION_HEADER = ["Redemption Date", "Item", "Customer", "Type", "Value", "Redeemed by"];
/** Spreadsheets read the file as UTF-8 (names with accents) only with the byte-order mark. */
const BOM = "\uFEFF";

export function toTransactionReportRow(
  row: TransactionRow & { item: string },
): TransactionReportRow {
  return { ...toTransactionDto(row), item: row.item };
}

/**
 * Streams a CSV: the byte-order mark and header, then the lines the database writes. The first
 * line is read before answering, so an empty period is an error and not an empty file. With
 * COPY the bytes pass straight through (the fastest, and memory stays flat); otherwise lines are
 * read in keyset batches (after the last row's date and id), the next asked for as soon as one
 * arrives so the database formats it while this one is written out.
 */
async function csvStream(options: {
  header: string[];
  lines: repo.CsvLines;
  emptyMessage: string;
  batchSize: number;
  copyValues: ReportsDeps["copyValues"];
}): Promise<Readable> {
  const { lines, batchSize, copyValues } = options;
  const first = await lines.batch(undefined, copyValues ? 1 : batchSize);
  if (first.length === 0) throw new AppError("NOT_FOUND", options.emptyMessage);
  const head = BOM + csvLine(options.header);

  if (copyValues) {
    const values = await copyValues(lines.all);
    async function* copied() {
      yield Buffer.from(head);
      yield* values;
    }
    return Readable.from(copied(), { objectMode: false });
  }

  const after = (rows: repo.CsvLineRow[]) => {
    const last = rows.at(-1);
    return last && rows.length === batchSize
      ? lines.batch({ at: last.cursorAt, id: last.id }, batchSize)
      : undefined;
  };
  async function* batched() {
    yield head;
    let rows = first;
    for (;;) {
      const next = after(rows);
      // A failed read ends the download; until it is awaited it must not count as unhandled.
      next?.catch(() => {});
      let text = "";
      for (const row of rows) text += row.line;
      yield text;
      if (!next) return;
      rows = await next;
      if (rows.length === 0) return;
    }
  }
  return Readable.from(batched(), { objectMode: false, highWaterMark: 1 });
}

export function createReportsService({
  db,
  now = () => new Date(),
  copyValues,
  exportBatchSize = 5000,
}: ReportsDeps) {
  /** The shop's zone and the period's window; a shopId claim other than the session's → 404. */
  async function window(scope: ShopScope, claimedShopId: number | undefined, period: ReportPeriod) {
    if (claimedShopId !== undefined && claimedShopId !== scope.shopId) {
      throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    }
    const timeZone = await findShopTimeZone(db, scope.shopId);
    if (timeZone === undefined) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    const at = now();
    const { start, end } = getPeriodRange(period, at, timeZone);
    return { at, timeZone, range: { start, end }, today: todayInTimeZone(timeZone, at) };
  }

  /** The period's transactions of a payment type, counted from the 15-minute slices. */
  async function countTransactions(
    shopId: number,
    range: repo.ReportRange,
    paymentType: ReportPaymentFilter,
    at: Date,
  ): Promise<number> {
    const filled = await ensureRolledUp(db, shopId, at);
    const totals = await sumFacts(db, shopId, range.start, range.end, filled);
    if (paymentType === "online") return totals.onlineCount;
    if (paymentType === "pos") return totals.posCount;
    if (paymentType === "cash") return totals.cashCount;
    return totals.onlineCount + totals.posCount + totals.cashCount;
  }

  return {
    async getTransactionReport(
      scope: ShopScope,
      query: Paging & {
        timeFilter: ReportPeriod;
        paymentType: ReportPaymentFilter;
        shopId?: number | undefined;
      },
    ): Promise<TransactionReportResponse> {
      const { range, at } = await window(scope, query.shopId, query.timeFilter);
      const [total, rows] = await Promise.all([
        countTransactions(scope.shopId, range, query.paymentType, at),
        repo.listTransactions(db, scope.shopId, range, query.paymentType, {
          limit: query.pageSize,
          offset: pageOffset(query),
        }),
      ]);
      return {
        transactions: rows.map(toTransactionReportRow),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async getRedemptionReport(
      scope: ShopScope,
      query: Paging & { timeFilter: ReportPeriod; shopId?: number | undefined },
    ): Promise<RedemptionReportResponse> {
      const { range } = await window(scope, query.shopId, query.timeFilter);
      const [total, rows] = await Promise.all([
        repo.countRedemptions(db, scope.shopId, range),
        repo.listRedemptions(db, scope.shopId, range, {
          limit: query.pageSize,
          offset: pageOffset(query),
        }),
      ]);
      return {
        redemptions: rows.map(toRedemptionDto),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async exportTransactions(
      scope: ShopScope,
      query: {
        timeFilter: ReportPeriod;
        paymentType: ReportPaymentFilter;
        shopId?: number | undefined;
      },
    ): Promise<CsvExport> {
      const { range, timeZone, today } = await window(scope, query.shopId, query.timeFilter);
      const body = await csvStream({
        header: TRANSACTION_HEADER,
        lines: repo.transactionCsvLines(db, scope.shopId, range, query.paymentType, timeZone),
        batchSize: exportBatchSize,
        copyValues,
        emptyMessage: REPORT_MESSAGES.noTransactions,
      });
      await recordExport(db, scope.shopId, "transaction_report", { ...query });
      return {
        fileName: transactionReportFileName(query.paymentType, query.timeFilter, today),
        body,
      };
    },

    async exportRedemptions(
      scope: ShopScope,
      query: { timeFilter: ReportPeriod; shopId?: number | undefined },
    ): Promise<CsvExport> {
      const { range, timeZone, today } = await window(scope, query.shopId, query.timeFilter);
      const body = await csvStream({
        header: REDEMPTION_HEADER,
        lines: repo.redemptionCsvLines(db, scope.shopId, range, timeZone),
        batchSize: exportBatchSize,
        copyValues,
        emptyMessage: REPORT_MESSAGES.noRedemptions,
      });
      await recordExport(db, scope.shopId, "redemption_report", { ...query });
      return { fileName: redemptionReportFileName(query.timeFilter, today), body };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
