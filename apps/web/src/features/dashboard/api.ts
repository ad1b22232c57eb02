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

/** GET /shop/dashboard-stats?timeFilter= */
export function dashboardStatsQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: dashboardKeys.stats(period),
    queryFn: ({ signal }) =>
      api.get<DashboardStatsResponse>("/shop/dashboard-stats", {
        query: { timeFilter: period },
        signal,
      }),
    retry: retryUnlessClientError,
    staleTime: FRESH_MS,
  });
}

/** GET /offers/get-all-offers-dashboard?timeFilter=: the Offers Performance table. */
export function offersPerformanceQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: dashboardKeys.offers(period),
    queryFn: ({ signal }) =>
      api.get<OffersDashboardResponse>("/offers/get-all-offers-dashboard", {
        query: { timeFilter: period },
        signal,
      }),
    retry: retryUnlessClientError,
    staleTime: FRESH_MS,
  });
}

export function useDashboardStats(period: DashboardPeriod) {
  return useQuery({ ...dashboardStatsQueryOptions(period), placeholderData: keepPreviousData });
}

export function useOffersPerformance(period: DashboardPeriod) {
  return useQuery({ ...offersPerformanceQueryOptions(period), placeholderData: keepPreviousData });
}
