import {
  DASHBOARD_PERIOD_OPTIONS,
  type DashboardPeriod,
  DEFAULT_PERIOD,
  dashboardPeriodSchema,
} from "@tessera/shared";
import type { ReactNode } from "react";
import { QueryErrorState, Select } from "@/components/ui";
import { cn } from "@/lib/cn";

/** The period select's value, read back (anything else falls back to this month). */
const periodOf = dashboardPeriodSchema.catch(DEFAULT_PERIOD);

/**
 * The top of the pages that show figures for a period (Dashboard, Analytics): the heading, a line
 * about the shop, then the Period select and the page's other controls.
 */
export function PeriodPageHeader({
  title,
  description,
  period,
  onPeriodChange,
  selectClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  /** The Period select's box (its width on wider screens). */
  selectClassName: string;
  /** The controls after the Period select. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">{title}</h1>
        <p className="mt-1 text-fg-muted">{description}</p>
      </div>
      <div className="flex items-end gap-3">
        <Select
          label="Period"
          options={DASHBOARD_PERIOD_OPTIONS}
          value={period}
          onChange={(event) => onPeriodChange(periodOf.parse(event.target.value))}
          containerClassName={selectClassName}
        />
        {children}
      </div>
    </div>
  );
}

type FiguresQuery = {
  error: unknown;
  refetch: () => unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
};

/**
 * The figures of one query: its error with Retry when it failed; otherwise the figures, faded
 * while the next period's load (the previous period's stay on screen meanwhile).
 */
export function PeriodFigures({
  query,
  errorTitle,
  className,
  children,
}: {
  query: FiguresQuery;
  errorTitle: string;
  className: string;
  children: ReactNode;
}) {
  if (query.isError) return <QueryErrorState query={query} title={errorTitle} />;
  return (
    <div
      className={cn(className, query.isPlaceholderData && "opacity-60")}
      aria-busy={query.isFetching}
    >
      {children}
    </div>
  );
}
