import type { SubscriptionAnalytics, SubscriptionPoint } from "@tessera/shared";
import { formatMoney } from "@tessera/shared";
import { Table, type TableColumn } from "@/components/ui";
import type { CsvColumn } from "../csv";
import { formatBucketLabel, formatSignedMoney } from "../format";
import { FigureCard } from "./figure-card";
import { LazySeriesChart } from "./lazy-chart";
import type { ChartSeries } from "./series-chart";

const MOVEMENTS: (ChartSeries & { key: keyof SubscriptionPoint })[] = [
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

/** MRR over time, its movements, members over time, joined against left. */
export function SubscriptionCards({
  data,
  fileName,
}: {
  data: SubscriptionAnalytics;
  fileName: (name: string) => string;
}) {
  const movementColumns = MOVEMENTS.map((m) => ({
    key: m.key,
    header: m.name,
    cell: (p: SubscriptionPoint) => formatSignedMoney(p[m.key] as number),
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FigureCard
        title="MRR over time"
        description="Monthly recurring revenue at the end of each bucket; yearly plans count 1/12 a month."
        chart={
          <LazySeriesChart
            title="MRR over time"
            kind="line"
            money
            data={data.series}
            series={[{ key: "mrr", name: "MRR", color: "var(--color-primary)" }]}
          />
        }
        table={pointTable("MRR over time", data, [
          { key: "mrr", header: "MRR", cell: (p) => formatMoney(p.mrr) },
        ])}
        csv={{
          fileName: fileName("mrr"),
          columns: csvOf(data, [{ header: "MRR", value: (p) => p.mrr }]),
          rows: data.series,
        }}
      />
      <FigureCard
        title="MRR movements"
        description={`From ${formatMoney(data.mrrAtStart)} to ${formatMoney(data.mrr)}: new, expansion and reactivated add; contraction and churn take away.`}
        chart={
          <LazySeriesChart
            title="MRR movements"
            kind="bar"
            stacked
            money
            data={data.series}
            series={MOVEMENTS}
          />
        }
        table={pointTable("MRR movements", data, movementColumns)}
        csv={{
          fileName: fileName("mrr-movements"),
          columns: csvOf(
            data,
            MOVEMENTS.map((m) => ({ header: m.name, value: (p) => p[m.key] as number })),
          ),
          rows: data.series,
        }}
      />
      <FigureCard
        title="Active members"
        description="Members with a running membership at the end of each bucket."
        chart={
          <LazySeriesChart
            title="Active members over time"
            kind="line"
            data={data.series}
            series={[
              { key: "activeMembers", name: "Active members", color: "var(--color-primary)" },
            ]}
          />
        }
        table={pointTable("Active members", data, [
          { key: "active", header: "Active members", cell: (p) => p.activeMembers },
        ])}
        csv={{
          fileName: fileName("active-members"),
          columns: csvOf(data, [{ header: "Active members", value: (p) => p.activeMembers }]),
          rows: data.series,
        }}
      />
      <FigureCard
        title="New and churned members"
        description="Memberships that started and that ended in each bucket."
        chart={
          <LazySeriesChart
            title="New and churned members"
            kind="bar"
            data={data.series}
            series={[
              { key: "joined", name: "New", color: "var(--color-primary)" },
              { key: "left", name: "Churned", color: "var(--color-danger)" },
            ]}
          />
        }
        table={pointTable("New and churned members", data, [
          { key: "joined", header: "New", cell: (p) => p.joined },
          { key: "left", header: "Churned", cell: (p) => p.left },
        ])}
        csv={{
          fileName: fileName("new-and-churned"),
          columns: csvOf(data, [
            { header: "New", value: (p) => p.joined },
            { header: "Churned", value: (p) => p.left },
          ]),
          rows: data.series,
        }}
      />
    </div>
  );
}
