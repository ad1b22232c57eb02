import type { DashboardBucket, RevenuePoint } from "@tessera/shared";
import { formatMoney } from "@tessera/shared";
import { useSyncExternalStore } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  type TooltipValueType,
  XAxis,
  YAxis,
} from "recharts";
import { formatBucketLabel } from "../format";

/**
 * Series colours from the shop's branding (styles.css tokens), so the chart re-tints with the
 * shop and the theme: memberships in the brand colour as given, offers in its "ink" variant
 * (darker on light surfaces, lighter on dark ones), which stays distinct from it in both themes.
 */
const SERIES = [
  { key: "membershipRevenue", name: "Memberships", color: "var(--color-primary)" },
  { key: "offerRevenue", name: "Offers", color: "var(--color-primary-ink)" },
] as const;

const axisTick = { fill: "var(--color-fg-subtle)", fontSize: 12 };
const compactMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

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
              <span
                aria-hidden="true"
                className="size-2.5 rounded-sm"
                style={{ backgroundColor: series.color }}
              />
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
 * Revenue over the chosen period (Recharts): stacked bars, memberships under offers, one bar per
 * `series` bucket (days up to 60 days, months beyond). The drawing is for sighted users; screen
 * readers get a table of the same figures (the chart's keyboard tooltip stays available).
 */
export function RevenueChart({
  series,
  bucket,
}: {
  series: readonly RevenuePoint[];
  bucket: DashboardBucket;
}) {
  const reduceMotion = usePrefersReducedMotion();
  const total = series.reduce(
    (sum, point) => sum + point.membershipRevenue + point.offerRevenue,
    0,
  );
  const unit = bucket === "day" ? "day" : "month";

  return (
    <figure className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-fg-muted text-sm">
        {SERIES.map((item) => (
          <span key={item.key} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-sm"
              style={{ backgroundColor: item.color }}
            />
            {item.name}
          </span>
        ))}
        <span className="ms-auto text-fg">
          Total <span className="font-semibold tabular-nums">{formatMoney(total)}</span>
        </span>
      </div>
      <div className="h-60 w-full sm:h-72" data-testid="revenue-chart">
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          <BarChart
            data={series as RevenuePoint[]}
            margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
            barCategoryGap={series.length > 40 ? "15%" : "25%"}
            title={`Revenue per ${unit}, memberships and offers`}
          >
            <CartesianGrid vertical={false} stroke="var(--color-line)" />
            <XAxis
              dataKey="date"
              tickFormatter={formatBucketLabel}
              tick={axisTick}
              tickLine={false}
              axisLine={{ stroke: "var(--color-line-strong)" }}
              minTickGap={16}
              interval="preserveStartEnd"
            />
            <YAxis
              tickFormatter={(value: number) => compactMoney.format(value)}
              tick={axisTick}
              tickLine={false}
              axisLine={false}
              width={52}
              allowDecimals={false}
            />
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
                isAnimationActive={!reduceMotion}
                animationDuration={400}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
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
