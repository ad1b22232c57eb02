const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const dayOfYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const fullDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
});
const fullDateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * When a notification arrived, as the list shows it: "Just now", "5 minutes ago", "3 hours
 * ago", "Yesterday", "4 days ago", then the date ("Mar 2", with the year when not this one).
 * A time a little ahead of `now` (clocks disagree) reads "Just now".
 */
export function formatRelativeTime(value: string | Date, now: number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return "";
  const elapsed = now - time;
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) {
    const text = relative.format(-Math.floor(elapsed / DAY), "day");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return date.getFullYear() === new Date(now).getFullYear()
    ? dayOfYear.format(date)
    : fullDay.format(date);
}

/** The exact moment, for the element's title. */
export function formatFullTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : fullDateTime.format(date);
}
