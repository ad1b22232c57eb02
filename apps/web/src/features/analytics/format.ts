import { formatMoney } from "@tessera/shared";

/** "12.5%", or "—" when there is nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${rate}%`;
}

/** Money that may be absent ("—"). */
export function formatMaybeMoney(value: number | null): string {
  return value === null ? "—" : formatMoney(value);
}

/** A signed movement: "+$10.00", "-$15.00". */
export function formatSignedMoney(value: number): string {
  if (value === 0) return formatMoney(0);
  return `${value > 0 ? "+" : "-"}${formatMoney(Math.abs(value))}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A bucket key as a label: "2025-06" → "Jun 2025", "2025-06-09" → "9 Jun". */
export function formatBucketLabel(date: string): string {
  const [year, month, day] = date.split("-");
  const name = MONTHS[Number(month) - 1] ?? month;
  return day === undefined ? `${name} ${year}` : `${Number(day)} ${name}`;
}
