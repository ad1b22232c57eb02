import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { Card, CardHeader, Skeleton } from "@/components/ui";
import { cn } from "@/lib/cn";
import { formatPercent, formatStat, type StatKind } from "../format";

/** What one tile shows. */
export interface StatFigure {
  label: string;
  value: number | undefined;
  kind: StatKind;
  /** Omitted for figures without a comparison (Active Subscriptions). */
  percentage?: number | null;
}

/** A row of tiles, in the order given. */
export function StatTiles({ figures, loading }: { figures: StatFigure[]; loading: boolean }) {
  return figures.map((figure) => <StatTile key={figure.label} {...figure} loading={loading} />);
}

/** A card of tiles under a heading (the dashboard's Memberships and Offers Overview). */
export function StatOverview({
  title,
  figures,
  loading,
  className,
  gridClassName,
}: {
  title: string;
  figures: StatFigure[];
  loading: boolean;
  className?: string;
  /** Extra columns on wider screens; two columns always. */
  gridClassName?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader title={title} headingLevel={2} />
      <dl className={cn("grid grid-cols-2 gap-3", gridClassName)}>
        <StatTiles figures={figures} loading={loading} />
      </dl>
    </Card>
  );
}

/** One dashboard figure with its change against the previous window. */
export function StatTile({
  label,
  value,
  kind,
  percentage,
  loading,
}: StatFigure & { loading: boolean }) {
  const change = percentage === undefined ? null : formatPercent(percentage);
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-control bg-muted px-4 py-3">
      <dt className="text-fg-muted text-sm leading-snug">{label}</dt>
      <dd className="font-bold text-fg text-xl tabular-nums sm:text-2xl">
        {loading || value === undefined ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          formatStat(kind, value)
        )}
      </dd>
      {change && !loading && change.trend === "none" ? (
        <dd className="text-fg-muted text-xs">{change.label}</dd>
      ) : change && !loading ? (
        <dd className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs">
          <span
            className={cn(
              "inline-flex shrink-0 items-center gap-0.5 font-medium",
              change.trend === "up" && "text-success-ink",
              change.trend === "down" && "text-danger-ink",
              change.trend === "flat" && "text-fg-muted",
            )}
          >
            {change.trend === "up" ? (
              <ArrowUpRight aria-hidden="true" className="size-3.5 shrink-0" />
            ) : change.trend === "down" ? (
              <ArrowDownRight aria-hidden="true" className="size-3.5 shrink-0" />
            ) : (
              <Minus aria-hidden="true" className="size-3.5 shrink-0" />
            )}
            <span aria-hidden="true">{change.text}</span>
            <span className="sr-only">{change.label}</span>
          </span>
          <span className="whitespace-nowrap text-fg-muted">vs previous period</span>
        </dd>
      ) : null}
    </div>
  );
}
