import type { RevenuePoint } from "@tessera/shared";
import { formatMoney } from "@tessera/shared";
import { useRef } from "react";
import {
  Bar,
  BarChart,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  type TooltipValueType,
} from "recharts";
import { chartAxes, compactMoney } from "@/lib/chart-axes";
import { useMediaQuery } from "@/lib/use-media-query";
import { formatBucketLabel } from "../format";
import { SERIES, SeriesSwatch } from "./revenue-series";

function RevenueTooltip({
  active,
  payload,
  label,
}: TooltipContentProps<TooltipValueType, string | number>) {
  if (!active || !payload?.length) return null;
  const point = payload[0]?.payload as RevenuePoint | undefined;
  if (!point) return null;
  return (
    <div className="rounded-control border border-line bg-surface px-3 py-2 text-sm shadow-raised">
      <p className="font-medium text-fg">{formatBucketLabel(String(label))}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        {SERIES.map((series) => (
          <div key={series.key} className="contents">
            <dt className="inline-flex items-center gap-1.5 text-fg-muted">
              <SeriesSwatch color={series.color} className="size-2.5" />
              {series.name}
            </dt>
            <dd className="text-right text-fg tabular-nums">{formatMoney(point[series.key])}</dd>
          </div>
        ))}
        <dt className="text-fg-muted">Total</dt>
        <dd className="text-right font-medium text-fg tabular-nums">
          {formatMoney(point.membershipRevenue + point.offerRevenue)}
        </dd>
      </dl>
    </div>
  );
}

/**
 * The drawing of the revenue chart (Recharts): stacked bars, memberships under offers, one bar
 * per `series` bucket. Its own chunk, loaded by the dashboard after its first paint (see
 * revenue-chart.tsx), so Recharts is not in the merchant area's first load.
 */
export function RevenueBars({
  series,
  unit,
}: {
  series: readonly RevenuePoint[];
  unit: "day" | "month";
}) {
  const reduceMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  // The bars the page opens with are drawn at once: their grow-in animation re-renders the chart
  // on every frame for 400 ms while the dashboard is still starting. A change of period animates.
  const openedWith = useRef(series);
  const animate = !reduceMotion && series !== openedWith.current;
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0}>
      <BarChart
        data={series as RevenuePoint[]}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
        barCategoryGap={series.length > 40 ? "15%" : "25%"}
        title={`Revenue per ${unit}, memberships and offers`}
      >
        {chartAxes({
          buckets: series.length,
          formatDate: formatBucketLabel,
          valueAxis: {
            tickFormatter: (value: number) => compactMoney.format(value),
            width: 52,
            allowDecimals: false,
          },
        })}
        <Tooltip
          content={RevenueTooltip}
          cursor={{ fill: "var(--color-hover)" }}
          isAnimationActive={false}
        />
        {SERIES.map((item, index) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.name}
            stackId="revenue"
            fill={item.color}
            maxBarSize={40}
            radius={index === SERIES.length - 1 ? [3, 3, 0, 0] : 0}
            isAnimationActive={animate}
            animationDuration={400}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
