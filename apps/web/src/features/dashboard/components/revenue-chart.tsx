import type { DashboardBucket, RevenuePoint } from "@tessera/shared";
import { formatMoney } from "@tessera/shared";
import { lazy, type ReactNode, Suspense } from "react";
import { Skeleton } from "@/components/ui";
import { formatBucketLabel } from "../format";
import { SERIES, SeriesSwatch } from "./revenue-series";

/**
 * Recharts (about half of the merchant area's code) loads on its own: the dashboard's first
 * paint and its requests do not wait for it, and the bars' box keeps its size while it loads.
 * The dashboard starts the download early, next to its data requests (prefetch.ts).
 */
export const loadRevenueBars = () => import("./revenue-bars");
const LazyRevenueBars = lazy(() =>
  loadRevenueBars().then((module) => ({ default: module.RevenueBars })),
);

/** The series' colours and the period's total: the line above the bars. */
function Legend({ total }: { total: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-fg-muted text-sm">
      {SERIES.map((item) => (
        <span key={item.key} className="inline-flex items-center gap-1.5">
          <SeriesSwatch color={item.color} className="size-3" />
          {item.name}
        </span>
      ))}
      <span className="ms-auto text-fg">
        Total <span className="font-semibold tabular-nums">{total}</span>
      </span>
    </div>
  );
}

/**
 * Revenue over the chosen period: stacked bars (revenue-bars.tsx), memberships under offers,
 * one bar per `series` bucket (days up to 60 days, months beyond). The drawing is for sighted users; screen
 * readers get a table of the same figures (the chart's keyboard tooltip stays available).
 */
export function RevenueChart({
  series,
  bucket,
}: {
  series: readonly RevenuePoint[];
  bucket: DashboardBucket;
}) {
  const total = series.reduce(
    (sum, point) => sum + point.membershipRevenue + point.offerRevenue,
    0,
  );
  const unit = bucket === "day" ? "day" : "month";

  return (
    <figure className="flex flex-col gap-3">
      <Legend total={formatMoney(total)} />
      <div className="h-60 w-full sm:h-72" data-testid="revenue-chart">
        <Suspense fallback={<Skeleton className="size-full" />}>
          <LazyRevenueBars series={series} unit={unit} />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>Revenue per {unit}</caption>
        <thead>
          <tr>
            <th scope="col">{bucket === "day" ? "Day" : "Month"}</th>
            <th scope="col">Memberships</th>
            <th scope="col">Offers</th>
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatBucketLabel(point.date)}</th>
              <td>{formatMoney(point.membershipRevenue)}</td>
              <td>{formatMoney(point.offerRevenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * The chart's place while the figures load: the same legend line (it wraps as the real one on a
 * phone) with the total still blank, and the bars' box, so nothing moves when they arrive.
 */
export function RevenueChartSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Legend total={<Skeleton className="inline-block h-4 w-16 align-middle" />} />
      <Skeleton className="h-60 w-full sm:h-72" />
    </div>
  );
}
