import { CartesianGrid, useChartWidth, XAxis, YAxis, type YAxisProps } from "recharts";

/**
 * The grid and the two axes every bar or line chart of the merchant area draws: dates along the
 * bottom (as many labels as the chart's width holds), figures up the side, in the theme's line
 * and text colours. Only the lazily loaded chart modules import this file, so Recharts stays out
 * of the first load.
 *
 * The labels are plain SVG text at counts worked out from the width: Recharts' own thinning and
 * label component measure every label in the page, a forced layout per label that made the
 * chart's first render the dashboard's longest task.
 */

/** Room one date label takes on the axis, gap included ("28 Nov", "Sep 2026" at 12 px). */
const DATE_LABEL_WIDTH = 72;

interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: "start" | "middle" | "end" | "inherit";
  verticalAnchor?: "start" | "middle" | "end";
  payload?: { value: unknown };
  index?: number;
  tickFormatter?: (value: never, index: number) => string;
}

/** A 12 px label's width, estimated without measuring it in the page (about 7 px a character). */
const LABEL_CHAR_WIDTH = 7;

/**
 * The anchor for a label centred at `x` on a chart `width` wide: a label that would run past an
 * edge (the first and last dates of a line chart sit on the edges) is aligned to it instead.
 */
export function edgeAnchor(x: number, text: string, width: number): "start" | "middle" | "end" {
  const half = (text.length * LABEL_CHAR_WIDTH) / 2;
  if (x - half < 0) return "start";
  if (width > 0 && x + half > width) return "end";
  return "middle";
}

/** One axis label, placed where Recharts puts its own (the same anchors and offsets). */
function AxisLabel({
  x,
  y,
  textAnchor,
  verticalAnchor,
  payload,
  index = 0,
  tickFormatter,
}: TickProps) {
  const value = payload?.value;
  const text = tickFormatter ? tickFormatter(value as never, index) : String(value ?? "");
  const chartWidth = useChartWidth() ?? 0;
  const dy = verticalAnchor === "start" ? "0.71em" : verticalAnchor === "middle" ? "0.355em" : 0;
  const anchor =
    textAnchor === "middle" ? edgeAnchor(Number(x ?? 0), text, chartWidth) : textAnchor;
  return (
    <text x={x} y={y} dy={dy} textAnchor={anchor} fill="var(--color-fg-subtle)" fontSize={12}>
      {text}
    </text>
  );
}
const axisLabel = (props: TickProps) => <AxisLabel {...props} />;

/** Money on the side axis: "$1.2K" rather than "$1,200.00", to keep the axis narrow. */
export const compactMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

/**
 * Recharts' `interval` for the date axis: how many buckets to skip between two labels so that
 * the labels of `buckets` buckets fit `width` pixels (at least two labels, every bucket when
 * they all fit).
 */
export function dateLabelInterval(buckets: number, width: number): number {
  const labels = Math.max(2, Math.floor(width / DATE_LABEL_WIDTH));
  return Math.max(0, Math.ceil(buckets / labels) - 1);
}

/** The date axis: every n-th bucket labelled, n chosen so the labels fit the chart's width. */
function DateAxis({
  buckets,
  formatDate,
}: {
  buckets: number;
  formatDate: (date: string) => string;
}) {
  const width = useChartWidth() ?? 0;
  return (
    <XAxis
      dataKey="date"
      tickFormatter={formatDate}
      tick={axisLabel}
      tickLine={false}
      axisLine={{ stroke: "var(--color-line-strong)" }}
      interval={dateLabelInterval(buckets, width)}
    />
  );
}

export function chartAxes({
  buckets,
  formatDate,
  valueAxis,
}: {
  /** How many buckets the chart draws (one per day or month). */
  buckets: number;
  /** The X axis label of a bucket's `date`. */
  formatDate: (date: string) => string;
  /** What the charts' value axes differ in: the figures' format, the axis's width, decimals. */
  valueAxis: Pick<YAxisProps, "tickFormatter" | "width" | "allowDecimals">;
}) {
  return (
    <>
      <CartesianGrid vertical={false} stroke="var(--color-line)" />
      <DateAxis buckets={buckets} formatDate={formatDate} />
      <YAxis tick={axisLabel} tickLine={false} axisLine={false} interval={0} {...valueAxis} />
    </>
  );
}
