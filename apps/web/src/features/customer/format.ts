import { formatShortDate } from "@tessera/shared";

/** "9 Mar, 2026" in the shop's time zone (the product's short date). */
export function formatDay(value: string, timeZone: string): string {
  return formatShortDate(value, timeZone);
}

/** "2:05 PM" in the shop's time zone; "" when `value` is not a date. */
export function formatTime(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    }).format(date);
  } catch {
    // An unknown zone name: the browser's own zone is better than nothing.
    return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }).format(date);
  }
}
