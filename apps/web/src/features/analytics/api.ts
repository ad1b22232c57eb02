import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  BenefitAnalytics,
  CohortAnalytics,
  DashboardPeriod,
  LifetimeValueAnalytics,
  OfferAnalytics,
  SubscriptionAnalytics,
} from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";

type Reads = {
  subscriptions: SubscriptionAnalytics;
  cohorts: CohortAnalytics;
  "lifetime-value": LifetimeValueAnalytics;
  benefits: BenefitAnalytics;
  offers: OfferAnalytics;
};

export const analyticsKeys = {
  all: ["analytics"] as const,
  read: (path: keyof Reads, period: DashboardPeriod, tierId: number | null) =>
    [...analyticsKeys.all, path, period, tierId] as const,
};

/** GET /analytics/{path}?timeFilter=&tierId= (the previous figures stay while new ones load). */
export function useAnalytics<P extends keyof Reads>(
  path: P,
  period: DashboardPeriod,
  tierId: number | null,
) {
  return useQuery({
    queryKey: analyticsKeys.read(path, period, tierId),
    queryFn: ({ signal }) =>
      api.get<Reads[P]>(`/analytics/${path}`, {
        query: { timeFilter: period, ...(tierId === null ? {} : { tierId }) },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}
