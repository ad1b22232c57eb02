import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  RedemptionReportResponse,
  ReportPaymentFilter,
  ReportPeriod,
  TransactionReportResponse,
} from "@tessera/shared";
import { api, type QueryValue } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { downloadFile } from "@/lib/save-file";

export const REPORT_PAGE_SIZE = 20;

export const reportKeys = {
  all: ["reports"] as const,
  transactions: (period: ReportPeriod, paymentType: ReportPaymentFilter, page: number) =>
    [...reportKeys.all, "transactions", period, paymentType, page] as const,
  redemptions: (period: ReportPeriod, page: number) =>
    [...reportKeys.all, "redemptions", period, page] as const,
};

/** GET /reports/get-transaction-report. Not refetched on mount or focus (spec §2 Reports). */
export function useTransactionReport(
  period: ReportPeriod,
  paymentType: ReportPaymentFilter,
  page: number,
) {
  return useQuery({
    queryKey: reportKeys.transactions(period, paymentType, page),
    queryFn: ({ signal }) =>
      api.get<TransactionReportResponse>("/reports/get-transaction-report", {
        query: { timeFilter: period, paymentType, page, pageSize: REPORT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    retry: retryUnlessClientError,
  });
}

/** GET /reports/get-redemption-report. */
export function useRedemptionReport(period: ReportPeriod, page: number) {
  return useQuery({
    queryKey: reportKeys.redemptions(period, page),
    queryFn: ({ signal }) =>
      api.get<RedemptionReportResponse>("/reports/get-redemption-report", {
        query: { timeFilter: period, page, pageSize: REPORT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

/**
 * Downloads a CSV export: fetched with the session's token (a plain link cannot send it), then
 * saved under the server's file name. A 404 carries the spec's "no data" text.
 */
export async function downloadReport(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<void> {
  await downloadFile(path, fallbackName, query);
}
