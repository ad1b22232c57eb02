import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditAction, AuditListResponse } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { downloadFile } from "@/lib/save-file";

export const AUDIT_PAGE_SIZE = 25;

/** The screen's filters; empty strings mean "any". */
export type AuditFilters = {
  actorId: string;
  action: AuditAction | "";
  from: string;
  to: string;
};

export const NO_AUDIT_FILTERS: AuditFilters = { actorId: "", action: "", from: "", to: "" };

/** The filters as query values, leaving out the empty ones. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));
}

export const auditKeys = {
  all: ["audit-log"] as const,
  list: (filters: AuditFilters, page: number) => [...auditKeys.all, filters, page] as const,
};

/** GET /audit-log (owner only). */
export function useAuditLog(filters: AuditFilters, page: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: auditKeys.list(filters, page),
    queryFn: ({ signal }) =>
      api.get<AuditListResponse>("/audit-log", {
        query: { ...auditQuery(filters), page, pageSize: AUDIT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

/** GET /audit-log/export: the filtered log as CSV, saved under the server's file name. */
export async function downloadAuditLog(filters: AuditFilters): Promise<void> {
  await downloadFile("/audit-log/export", "audit-log.csv", auditQuery(filters));
}
