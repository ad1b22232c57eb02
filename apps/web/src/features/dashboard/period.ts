import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  DEFAULT_PERIOD,
  REPORT_PERIODS,
  type ReportPeriod,
} from "@tessera/shared";

/** A period from a select's value; anything unknown falls back to the spec default (this month). */
export function parseDashboardPeriod(value: string | null | undefined): DashboardPeriod {
  return (DASHBOARD_PERIODS as readonly string[]).includes(value ?? "")
    ? (value as DashboardPeriod)
    : DEFAULT_PERIOD;
}

export function parseReportPeriod(value: string | null | undefined): ReportPeriod {
  return (REPORT_PERIODS as readonly string[]).includes(value ?? "")
    ? (value as ReportPeriod)
    : DEFAULT_PERIOD;
}
