import type { SubscriptionAnalytics, SubscriptionPoint } from "@tessera/shared";
import { formatMoney } from "@tessera/shared";
import { Table, type TableColumn } from "@/components/ui";
import type { CsvColumn } from "../csv";
import { formatBucketLabel, formatSignedMoney } from "../format";
import { FigureCard } from "./figure-card";
import { LazySeriesChart } from "./lazy-chart";
import type { ChartSeries, SeriesChartProps } from "./series-chart";

type PointSeries = ChartSeries & { key: keyof SubscriptionPoint };

const MOVEMENTS: readonly PointSeries[] = [
  { key: "new", name: "New", color: "var(--color-primary)" },
  { key: "expansion", name: "Expansion", color: "var(--color-success-ink)" },
  { key: "reactivated", name: "Reactivated", color: "var(--color-info-ink)" },
  { key: "contraction", name: "Contraction", color: "var(--color-warning-ink)" },
  { key: "churned", name: "Churned", color: "var(--color-danger)" },
];

const when = (bucket: SubscriptionAnalytics["bucket"]) => (bucket === "day" ? "Day" : "Month");

function pointTable(
  caption: string,
  data: SubscriptionAnalytics,
  columns: { key: string; header: string; cell: (p: SubscriptionPoint) => string | number }[],
) {
  const tableColumns: TableColumn<SubscriptionPoint>[] = [
    {
      key: "date",
      header: when(data.bucket),
      cell: (p) => formatBucketLabel(p.date),
      className: "whitespace-nowrap",
    },
    ...columns.map((c) => ({ ...c, align: "right" as const, className: "tabular-nums" })),
  ];
  return (
    <Table
      caption={caption}
      hideCaption
      columns={tableColumns}
      rows={data.series}
      getRowKey={(p) => p.date}
      className="max-h-96 overflow-y-auto"
    />
  );
}

function csvOf(
  data: SubscriptionAnalytics,
  columns: { header: string; value: (p: SubscriptionPoint) => number }[],
): CsvColumn<SubscriptionPoint>[] {
  return [{ header: when(data.bucket), value: (p) => p.date }, ...columns];
}

/**
 * One subscription figure: the same series drawn as the chart, listed by bucket in the table
 * view (captioned with the card's title) and written to the CSV, each under the series' name.
 */
function SeriesCard({
  title,
  chartTitle = title,
  description,
  chart,
  series,
  format = (value) => value,
  data,
  fileName,
}: {
  title: string;
  chartTitle?: string;
  description: string;
  chart: Pick<SeriesChartProps, "kind" | "money" | "stacked">;
  series: readonly PointSeries[];
  format?: (value: number) => string | number;
  data: SubscriptionAnalytics;
  fileName: string;
}) {
  const pointValue = (p: SubscriptionPoint, s: PointSeries) => p[s.key] as number;
  return (
    <FigureCard
      title={title}
      description={description}
      chart={<LazySeriesChart title={chartTitle} {...chart} data={data.series} series={series} />}
      table={pointTable(
        title,
        data,
        series.map((s) => ({ key: s.key, header: s.name, cell: (p) => format(pointValue(p, s)) })),
      )}
      csv={{
        fileName,
        columns: csvOf(
          data,
          series.map((s) => ({ header: s.name, value: (p) => pointValue(p, s) })),
        ),
        rows: data.series,
      }}
    />
  );
}

/** MRR over time, its movements, members over time, joined against left. */
export function SubscriptionCards({
  data,
  fileName,
}: {
  data: SubscriptionAnalytics;
  fileName: (name: string) => string;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SeriesCard
        title="MRR over time"
        description="Monthly recurring revenue at the end of each bucket; yearly plans count 1/12 a month."
        chart={{ kind: "line", money: true }}
        series={[{ key: "mrr", name: "MRR", color: "var(--color-primary)" }]}
        format={formatMoney}
        data={data}
        fileName={fileName("mrr")}
      />
      <SeriesCard
        title="MRR movements"
        description={`From ${formatMoney(data.mrrAtStart)} to ${formatMoney(data.mrr)}: new, expansion and reactivated add; contraction and churn take away.`}
        chart={{ kind: "bar", stacked: true, money: true }}
        series={MOVEMENTS}
        format={formatSignedMoney}
        data={data}
        fileName={fileName("mrr-movements")}
      />
      <SeriesCard
        title="Active members"
        chartTitle="Active members over time"
        description="Members with a running membership at the end of each bucket."
        chart={{ kind: "line" }}
        series={[{ key: "activeMembers", name: "Active members", color: "var(--color-primary)" }]}
        data={data}
        fileName={fileName("active-members")}
      />
      <SeriesCard
        title="New and churned members"
        description="Memberships that started and that ended in each bucket."
        chart={{ kind: "bar" }}
        series={[
          { key: "joined", name: "New", color: "var(--color-primary)" },
          { key: "left", name: "Churned", color: "var(--color-danger)" },
        ]}
        data={data}
        fileName={fileName("new-and-churned")}
      />
    </div>
  );
}
