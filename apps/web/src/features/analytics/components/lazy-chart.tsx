import { lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui";
import type { SeriesChartProps } from "./series-chart";

// Recharts arrives with the first chart, after the figures and tables have painted.
const SeriesChart = lazy(() =>
  import("./series-chart").then((module) => ({ default: module.SeriesChart })),
);

export function LazySeriesChart(props: SeriesChartProps) {
  return (
    <Suspense fallback={<Skeleton className="h-60 w-full sm:h-72" />}>
      <SeriesChart {...props} />
    </Suspense>
  );
}
