import { keepPreviousData, useQuery } from "@tanstack/react-query";
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

/** GET /shop/dashboard-stats?timeFilter= */
export function useDashboardStats(period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.stats(period),
    queryFn: ({ signal }) =>
      api.get<DashboardStatsResponse>("/shop/dashboard-stats", {
        query: { timeFilter: period },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

/** GET /offers/get-all-offers-dashboard?timeFilter=: the Offers Performance table. */
export function useOffersPerformance(period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.offers(period),
    queryFn: ({ signal }) =>
      api.get<OffersDashboardResponse>("/offers/get-all-offers-dashboard", {
        query: { timeFilter: period },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}
