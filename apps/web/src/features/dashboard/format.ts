import { formatMoney } from "@tessera/shared";

/** How a dashboard figure shows (spec §9 stats display): a whole count, or `$` with two decimals. */
export type StatKind = "count" | "money";

const countFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatStat(kind: StatKind, value: number): string {
  return kind === "money" ? formatMoney(value) : countFormat.format(Math.round(value));
}

export type Trend = "up" | "down" | "flat" | "none";

export interface PercentDisplay {
  text: string;
  trend: Trend;
  /** Read by screen readers instead of the arrow. */
  label: string;
}

/** "+12.5%" up, "-3%" down, "0%" flat; "—" when the previous window had nothing (null). */
export function formatPercent(value: number | null): PercentDisplay {
  if (value === null || !Number.isFinite(value)) {
    return { text: "—", trend: "none", label: "No earlier figures to compare" };
  }
  const rounded = Math.round(value * 100) / 100;
  const magnitude = `${Math.abs(rounded).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
  if (rounded > 0) return { text: `+${magnitude}`, trend: "up", label: `Up ${magnitude}` };
  if (rounded < 0) return { text: `-${magnitude}`, trend: "down", label: `Down ${magnitude}` };
  return { text: "0%", trend: "flat", label: "No change" };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A chart bucket's label: "YYYY-MM-DD" → "5 Sep", "YYYY-MM" → "Sep 2024". */
export function formatBucketLabel(date: string): string {
  const [year, month, day] = date.split("-");
  const name = MONTHS[Number(month) - 1] ?? month;
  return day === undefined ? `${name} ${year}` : `${Number(day)} ${name}`;
}
