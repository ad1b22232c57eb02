import { CartesianGrid, XAxis, YAxis, type YAxisProps } from "recharts";

/**
 * The grid and the two axes every bar or line chart of the merchant area draws: dates along the
 * bottom (one label per bucket, thinned when they would touch), figures up the side, in the
 * theme's line and text colours. Only the lazily loaded chart modules import this file, so
 * Recharts stays out of the first load.
 */

const axisTick = { fill: "var(--color-fg-subtle)", fontSize: 12 };

/** Money on the side axis: "$1.2K" rather than "$1,200.00", to keep the axis narrow. */
export const compactMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

export function chartAxes({
  formatDate,
  valueAxis,
}: {
  /** The X axis label of a bucket's `date`. */
  formatDate: (date: string) => string;
  /** What the charts' value axes differ in: the figures' format, the axis's width, decimals. */
  valueAxis: Pick<YAxisProps, "tickFormatter" | "width" | "allowDecimals">;
}) {
  return (
    <>
      <CartesianGrid vertical={false} stroke="var(--color-line)" />
      <XAxis
        dataKey="date"
        tickFormatter={formatDate}
        tick={axisTick}
        tickLine={false}
        axisLine={{ stroke: "var(--color-line-strong)" }}
        minTickGap={16}
        interval="preserveStartEnd"
      />
      <YAxis tick={axisTick} tickLine={false} axisLine={false} {...valueAxis} />
    </>
  );
}
