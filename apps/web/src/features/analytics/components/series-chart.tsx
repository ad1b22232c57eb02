import { formatMoney } from "@tessera/shared";
import {
  Bar,
  BarChart,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
} from "recharts";
import { chartAxes, compactMoney } from "@/lib/chart-axes";
import { formatBucketLabel } from "../format";

export type ChartSeries = { key: string; name: string; color: string };

export interface SeriesChartProps {
  data: readonly Record<string, number | string>[];
  series: readonly ChartSeries[];
  kind: "bar" | "line";
  /** Bars stacked above and below zero (MRR movements). */
  stacked?: boolean;
  money?: boolean;
  /** Names the drawing for assistive technology; the card's Table view has the figures. */
  title: string;
}

/**
 * The analytics charts (Recharts, loaded with this module only when the page shows a chart):
 * bars or lines over the period's buckets, in the shop's branding and status colours so they
 * follow the theme.
 */
export function SeriesChart({
  data,
  series,
  kind,
  stacked = false,
  money = false,
  title,
}: SeriesChartProps) {
  const reduceMotion =
    typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const format = (value: number) => (money ? formatMoney(value) : String(value));
  const common = {
    data: data as Record<string, number | string>[],
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    title,
  };
  // What a bar and a line of one series share: its data, its legend name, its animation.
  const seriesProps = (s: ChartSeries) => ({
    dataKey: s.key,
    name: s.name,
    isAnimationActive: !reduceMotion,
    animationDuration: 400,
  });
  const axes = (
    <>
      {chartAxes({
        buckets: data.length,
        formatDate: formatBucketLabel,
        valueAxis: {
          tickFormatter: (value: number) => (money ? compactMoney.format(value) : String(value)),
          width: 56,
          allowDecimals: !money ? false : undefined,
        },
      })}
      <Tooltip
        formatter={(value) => format(Number(value))}
        labelFormatter={(label) => formatBucketLabel(String(label))}
        contentStyle={{
          background: "var(--color-surface)",
          border: "1px solid var(--color-line)",
          borderRadius: 8,
          color: "var(--color-fg)",
        }}
        cursor={{ fill: "var(--color-hover)" }}
        isAnimationActive={false}
      />
      <Legend wrapperStyle={{ fontSize: 12, color: "var(--color-fg-muted)" }} />
    </>
  );
  return (
    <div className="h-60 w-full sm:h-72">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {kind === "bar" ? (
          <BarChart {...common} stackOffset={stacked ? "sign" : undefined} barCategoryGap="20%">
            {axes}
            {stacked ? <ReferenceLine y={0} stroke="var(--color-line-strong)" /> : null}
            {series.map((s) => (
              <Bar
                key={s.key}
                {...seriesProps(s)}
                fill={s.color}
                stackId={stacked ? "all" : undefined}
                maxBarSize={40}
              />
            ))}
          </BarChart>
        ) : (
          <LineChart {...common}>
            {axes}
            {series.map((s) => (
              <Line
                key={s.key}
                {...seriesProps(s)}
                stroke={s.color}
                strokeWidth={2}
                dot={data.length <= 31}
                type="monotone"
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
