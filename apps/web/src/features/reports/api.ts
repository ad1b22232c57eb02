import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  RedemptionReportResponse,
  ReportPaymentFilter,
  ReportPeriod,
  TransactionReportResponse,
} from "@tessera/shared";
import { ApiError, api, buildApiUrl, type QueryValue } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { getToken } from "@/lib/token-storage";

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

/** The file name of a content-disposition header (`filename*=` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/**
 * Downloads a CSV export with the session's bearer token (a plain link cannot send it): fetch,
 * then save the blob under the server's file name. A 404 carries the spec's "no data" text.
 */
export async function downloadReport(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<void> {
  const token = getToken();
  const response = await fetch(buildApiUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    let message = "Failed to fetch data, try again later.";
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string") message = body.message;
    } catch {
      // keep the fallback
    }
    throw new ApiError(message, { status: response.status });
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get("content-disposition")) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
