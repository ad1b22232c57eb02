import { z } from "zod";
import { paginated } from "../api.ts";
import { optionLabel, REPORT_PAYMENT_FILTER_OPTIONS, REPORT_PERIOD_OPTIONS } from "../options.ts";
import { moneySchema } from "../validation/money.ts";
import { redemptionSchema, transactionSchema } from "./payments.ts";

// ---------------------------------------------------------------- dashboard

/**
 * GET /shop/dashboard-stats?timeFilter=: Memberships and Offers Overview for the period (shop time
 * zone). Every percentage compares with the preceding window of equal length and is null when
 * that window had nothing.
 */
export const dashboardStatsSchema = z.object({
  /** Membership payments (purchases, renewals, counter payments) that succeeded, in dollars. */
  totalRecurringRevenue: moneySchema,
  totalRecurringRevenuePercentage: z.number().nullable(),
  /** Memberships bought in the window (first payments, not renewals). */
  newMemberships: z.number().int().nonnegative(),
  newMembershipsPercentage: z.number().nullable(),
  /** Memberships that renew (active or with a renewal payment pending) now. */
  activeSubscriptions: z.number().int().nonnegative(),
  /** Offer purchases that succeeded (card or cash plus cashback spent), in dollars. */
  totalRevenue: moneySchema,
  totalRevenuePercentage: z.number().nullable(),
  soldOffers: z.number().int().nonnegative(),
  soldOffersPercentage: z.number().nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** Chart buckets: days for windows up to 60 days, months for longer ones. */
export const DASHBOARD_BUCKETS = ["day", "month"] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/** One bucket of the revenue chart: `date` is "YYYY-MM-DD" (day) or "YYYY-MM" (month), local. */
export const revenuePointSchema = z.object({
  date: z.string(),
  membershipRevenue: moneySchema,
  offerRevenue: moneySchema,
});
export type RevenuePoint = z.infer<typeof revenuePointSchema>;

export const dashboardStatsResponseSchema = z.object({
  stats: dashboardStatsSchema,
  bucket: z.enum(DASHBOARD_BUCKETS),
  /** Every bucket of the window, oldest first, zeros included. */
  series: z.array(revenuePointSchema),
});
export type DashboardStatsResponse = z.infer<typeof dashboardStatsResponseSchema>;

/** GET /offers/get-all-offers-dashboard?timeFilter=: the Offers Performance table. */
export const offerPerformanceSchema = z.object({
  id: z.number().int(),
  offerName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Units sold in the window. */
  soldOffers: z.number().int().nonnegative(),
  /** Revenue in the window, in dollars. */
  revenue: moneySchema,
  status: z.enum(["Active", "Expired", "Deleted"]),
});
export type OfferPerformance = z.infer<typeof offerPerformanceSchema>;
export const offersDashboardResponseSchema = z.object({ offers: z.array(offerPerformanceSchema) });
export type OffersDashboardResponse = z.infer<typeof offersDashboardResponseSchema>;

// ---------------------------------------------------------------- reports

/** A report row: the transaction plus the Item column (offer or membership name). */
export const transactionReportRowSchema = transactionSchema.extend({ item: z.string() });
export type TransactionReportRow = z.infer<typeof transactionReportRowSchema>;

/** GET /reports/get-transaction-report: `{ transactions, total, page, pageSize }`, newest first. */
export const transactionReportResponseSchema = paginated(
  transactionReportRowSchema,
  "transactions",
);
export type TransactionReportResponse = z.infer<typeof transactionReportResponseSchema>;

/** GET /reports/get-redemption-report: `{ redemptions, total, page, pageSize }`, newest first. */
export const redemptionReportResponseSchema = paginated(redemptionSchema, "redemptions");
export type RedemptionReportResponse = z.infer<typeof redemptionReportResponseSchema>;

/** The alerts of an empty download (spec §2 Reports), also the export's 404 message. */
export const REPORT_MESSAGES = {
  noTransactions: "No transaction data available to download",
  noRedemptions: "No redemption data available to download",
} as const;

/** A report's Transaction ID: none (cash) or the text "null" shows "N/A" (spec §2 Reports). */
export function displayTransactionId(value: string | null): string {
  return value === null || value === "" || value === "null" ? "N/A" : value;
}

/** `transactions_{payment label}_{period label}_{date}.csv` (date "YYYY-MM-DD", shop's day). */
export function transactionReportFileName(
  paymentType: (typeof REPORT_PAYMENT_FILTER_OPTIONS)[number]["value"],
  period: (typeof REPORT_PERIOD_OPTIONS)[number]["value"],
  day: string,
): string {
  return `transactions_${optionLabel(REPORT_PAYMENT_FILTER_OPTIONS, paymentType)}_${optionLabel(REPORT_PERIOD_OPTIONS, period)}_${day}.csv`;
}

/** `redemptions_{period label}_{date}.csv`. */
export function redemptionReportFileName(
  period: (typeof REPORT_PERIOD_OPTIONS)[number]["value"],
  day: string,
): string {
  return `redemptions_${optionLabel(REPORT_PERIOD_OPTIONS, period)}_${day}.csv`;
}

/** One CSV field (RFC 4180): quoted when it holds a quote, comma, CR or LF, quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Free text typed by people (names, items): a leading =, +, - or @ gets a "'" so a spreadsheet
 * shows it instead of running it as a formula.
 */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV line ending in CRLF. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
