import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type {
  DashboardPeriod,
  DashboardStatsResponse,
  OffersDashboardResponse,
} from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  stats: (period: DashboardPeriod) => [...dashboardKeys.all, "stats", period] as const,
  offers: (period: DashboardPeriod) => [...dashboardKeys.all, "offers", period] as const,
};

/**
 * How long an answer counts as fresh: long enough that the page, mounting just after the
 * merchant area fetched its default period early (prefetch.ts), shows that answer instead of
 * asking again; short enough that coming back to the dashboard refreshes its figures.
 */
const FRESH_MS = 10_000;

/** One period's figures from the dashboard's `?timeFilter=` endpoints. */
function periodQueryOptions<Response>(
  queryKey: readonly unknown[],
  path: string,
  period: DashboardPeriod,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<Response>(path, { query: { timeFilter: period }, signal }),
    retry: retryUnlessClientError,
    staleTime: FRESH_MS,
  });
}

/** GET /shop/dashboard-stats?timeFilter= */
export function dashboardStatsQueryOptions(period: DashboardPeriod) {
  return periodQueryOptions<DashboardStatsResponse>(
    dashboardKeys.stats(period),
    "/shop/dashboard-stats",
    period,
  );
}

/** GET /offers/get-all-offers-dashboard?timeFilter=: the Offers Performance table. */
export function offersPerformanceQueryOptions(period: DashboardPeriod) {
  return periodQueryOptions<OffersDashboardResponse>(
    dashboardKeys.offers(period),
    "/offers/get-all-offers-dashboard",
    period,
  );
}

export function useDashboardStats(period: DashboardPeriod) {
  return useQuery({ ...dashboardStatsQueryOptions(period), placeholderData: keepPreviousData });
}

export function useOffersPerformance(period: DashboardPeriod) {
  return useQuery({ ...offersPerformanceQueryOptions(period), placeholderData: keepPreviousData });
}
