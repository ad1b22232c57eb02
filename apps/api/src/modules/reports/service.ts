import { Readable } from "node:stream";
import {
  ACCESS_MESSAGES,
  csvLine,
  csvText,
  formatShortDate,
  getPeriodRange,
  PAYMENT_TYPE_LABELS,
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
import type { RedemptionRow, TransactionRow } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { ensureRolledUp, sumFacts } from "../dashboard/rollups";
import { toTransactionDto } from "../payments/service";
import { toRedemptionDto } from "../redemptions/service";
import { findShopTimeZone } from "../shops/repo";
import * as repo from "./repo";

export type ReportsDeps = {
  db: Database;
  now?: () => Date;
  /** Rows per query of an export: memory stays at one batch whatever the period holds. */
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
const STATUS_LABELS = { succeeded: "Succeeded", failed: "Failed", refunded: "Refunded" } as const;
const REDEMPTION_TYPE_LABELS = {
  benefit: "Benefit",
  offer: "Offer",
  cashback: "Cashback",
} as const;

/** The Item column: the offer's or the membership's name as recorded at the payment. */
function itemOf(row: TransactionRow): string {
  if (row.kind === "offer_purchase") return row.offerName ?? "Offer";
  return row.membershipName ?? "Membership";
}

export function toTransactionReportRow(row: TransactionRow): TransactionReportRow {
  return { ...toTransactionDto(row), item: itemOf(row) };
}

/**
 * `formatCents` without Intl ("$1,234.56", "-$5.00"): the same text, several times faster over
 * a million rows. A test holds the two together.
 */
export function csvMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = abs % 100;
  return `${sign}$${dollars}.${rest < 10 ? "0" : ""}${rest}`;
}

type Dated = { localDate: string | null };

function transactionCsvLine(row: TransactionRow & Dated, timeZone: string): string {
  return csvLine([
    row.providerReference ?? "N/A",
    row.localDate ?? formatShortDate(row.createdAt, timeZone),
    csvText(itemOf(row)),
    csvText(row.customerName),
    PAYMENT_TYPE_LABELS[row.paymentType],
    csvMoney(row.priceCents),
    csvMoney(row.discountCents),
    csvMoney(row.cashbackUsedCents),
    csvMoney(row.amountCents),
    STATUS_LABELS[row.status],
  ]);
}

function redemptionCsvLine(row: RedemptionRow & Dated, timeZone: string): string {
  return csvLine([
    row.localDate ?? formatShortDate(row.redemptionDate, timeZone),
    csvText(row.item),
    csvText(row.customerName),
    REDEMPTION_TYPE_LABELS[row.redemptionType],
    csvMoney(row.valueCents),
    csvText(row.performedByName),
  ]);
}

type Keyed = { id: number; cursorAt: string };

/**
 * Streams a CSV: the header, then batches read by keyset (after the last row's date and id), one
 * batch in memory at a time; the next batch is only read when the reader wants more. The first
 * batch is read before answering, so an empty period is an error and not an empty file.
 */
async function csvStream<R extends Keyed>(options: {
  header: string[];
  batch: (cursor: repo.Cursor | undefined) => Promise<R[]>;
  line: (row: R) => string;
  batchSize: number;
  emptyMessage: string;
}): Promise<Readable> {
  const first = await options.batch(undefined);
  if (first.length === 0) throw new AppError("NOT_FOUND", options.emptyMessage);
  async function* chunks() {
    yield BOM + csvLine(options.header);
    let rows = first;
    for (;;) {
      yield rows.map(options.line).join("");
      const last = rows.at(-1);
      if (!last || rows.length < options.batchSize) return;
      rows = await options.batch({ at: last.cursorAt, id: last.id });
      if (rows.length === 0) return;
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}

export function createReportsService({
  db,
  now = () => new Date(),
  exportBatchSize = 2000,
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
      const body = await csvStream<TransactionRow & Keyed & Dated>({
        header: TRANSACTION_HEADER,
        batch: (cursor) =>
          repo.listTransactions(db, scope.shopId, range, query.paymentType, {
            limit: exportBatchSize,
            timeZone,
            ...(cursor ? { cursor } : {}),
          }),
        line: (row) => transactionCsvLine(row, timeZone),
        batchSize: exportBatchSize,
        emptyMessage: REPORT_MESSAGES.noTransactions,
      });
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
      const body = await csvStream<RedemptionRow & Keyed & Dated>({
        header: REDEMPTION_HEADER,
        batch: (cursor) =>
          repo.listRedemptions(db, scope.shopId, range, {
            limit: exportBatchSize,
            timeZone,
            ...(cursor ? { cursor } : {}),
          }),
        line: (row) => redemptionCsvLine(row, timeZone),
        batchSize: exportBatchSize,
        emptyMessage: REPORT_MESSAGES.noRedemptions,
      });
      return { fileName: redemptionReportFileName(query.timeFilter, today), body };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
