import { z } from "zod";
import { DEFAULT_PERIOD, DEFAULT_REPORT_PAYMENT_FILTER } from "./options.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from "./paging.ts";
import { idSchema } from "./validation/common.ts";
import { periodSchema, reportPaymentFilterSchema, reportPeriodSchema } from "./validation/enums.ts";

/** Base path of every API call. */
export const API_BASE_PATH = "/api/v1";

/**
 * Every failure body: a message for the person on the screen, an optional title shown above it,
 * and per-field messages for validation errors (CONVENTIONS "API contract").
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  title: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A success body that only carries a message (shown as a toast). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal("ok"), db: z.literal("ok") });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from "./paging.ts";

/** `?page=&pageSize=` from a query string: page ≥ 1 (default 1), pageSize 1–100 (default 20). */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

/** SQL offset of a page. */
export function pageOffset({ page, pageSize }: PaginationQuery): number {
  return (page - 1) * pageSize;
}

/** Where a page of a list stands, beside its rows: the whole count and the page asked for. */
export function pageOf(page: PaginationQuery, total: number) {
  return { total, page: page.page, pageSize: page.pageSize };
}

/**
 * A paginated list response under the spec's key: `paginated(memberSchema, "members")` is
 * `{ message?, members: Member[], total, page, pageSize }`.
 */
export function paginated<T extends z.ZodType, K extends string>(itemSchema: T, key: K) {
  return z.object({
    message: z.string().optional(),
    ...({ [key]: z.array(itemSchema) } as Record<K, z.ZodArray<T>>),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/**
 * The first message of each field, keyed by its dotted path ("Benefits.0.worth"); issues about
 * the whole object go under "" . This is the `errors` of a 400 answer.
 */
export function toFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** GET /shop/dashboard-stats, /offers/stats, offers lists: `?timeFilter=` (default this month). */
export const timeFilterQuerySchema = z.object({
  timeFilter: periodSchema.default(DEFAULT_PERIOD),
});
export type TimeFilterQuery = z.output<typeof timeFilterQuerySchema>;

/** GET /reports/get-transaction-report: period, payment filter, shopId (a claim), paging. */
export const transactionReportQuerySchema = paginationQuerySchema.extend({
  timeFilter: reportPeriodSchema.default(DEFAULT_PERIOD),
  paymentType: reportPaymentFilterSchema.default(DEFAULT_REPORT_PAYMENT_FILTER),
  shopId: idSchema.optional(),
});
export type TransactionReportQuery = z.output<typeof transactionReportQuerySchema>;

/** GET /reports/get-redemption-report: period, shopId (a claim), paging. */
export const redemptionReportQuerySchema = paginationQuerySchema.extend({
  timeFilter: reportPeriodSchema.default(DEFAULT_PERIOD),
  shopId: idSchema.optional(),
});
export type RedemptionReportQuery = z.output<typeof redemptionReportQuerySchema>;
