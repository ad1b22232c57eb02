import type { QueryClient } from "@tanstack/react-query";
import { DEFAULT_PERIOD } from "@tessera/shared";
import { dashboardStatsQueryOptions, offersPerformanceQueryOptions } from "./api";
import { loadRevenueBars } from "./components/revenue-chart";

/**
 * A signed-in merchant opening the dashboard: its two reads for the default period and the
 * chart's code start together with the merchant area's own shop read, instead of after it
 * (the area shows a loader until the shop answers, so the page would only ask then).
 * Failures are left to the page: its queries ask again and show their error states.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(dashboardStatsQueryOptions(DEFAULT_PERIOD));
  void queryClient.prefetchQuery(offersPerformanceQueryOptions(DEFAULT_PERIOD));
  loadRevenueBars().catch(() => {
    // The chart's own Suspense boundary loads it again and reports a failure there.
  });
}
