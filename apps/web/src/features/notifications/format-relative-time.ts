import type { Locale } from "@tessera/shared";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** English keeps the product's US formats ("Mar 2"); another language its own. */
const dateLocale = (locale: Locale) => (locale === "en" ? "en-US" : locale);
const formats = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format as T;
}

const relative = (locale: Locale) =>
  cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
const dayOfYear = (locale: Locale) =>
  cached(
    `d|${locale}`,
    () => new Intl.DateTimeFormat(dateLocale(locale), { month: "short", day: "numeric" }),
  );
const fullDay = (locale: Locale) =>
  cached(
    `y|${locale}`,
    () =>
      new Intl.DateTimeFormat(dateLocale(locale), {
        month: "short",
        day: "numeric",
        year: "numeric",
      }),
  );
const fullDateTime = (locale: Locale) =>
  cached(
    `f|${locale}`,
    () => new Intl.DateTimeFormat(dateLocale(locale), { dateStyle: "medium", timeStyle: "short" }),
  );

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * When a notification arrived, as the list shows it: "Just now", "5 minutes ago", "3 hours
 * ago", "Yesterday", "4 days ago", then the date ("Mar 2", with the year when not this one),
 * in the reader's language. A time a little ahead of `now` (clocks disagree) reads "Just now".
 */
export function formatRelativeTime(
  value: string | Date,
  now: number = Date.now(),
  locale: Locale = "en",
): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return "";
  const elapsed = now - time;
  if (elapsed < MINUTE) {
    return locale === "en" ? "Just now" : capitalised(relative(locale).format(0, "second"));
  }
  if (elapsed < HOUR) return relative(locale).format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative(locale).format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) {
    return capitalised(relative(locale).format(-Math.floor(elapsed / DAY), "day"));
  }
  return date.getFullYear() === new Date(now).getFullYear()
    ? dayOfYear(locale).format(date)
    : fullDay(locale).format(date);
}

/** The exact moment, for the element's title. */
export function formatFullTime(value: string | Date, locale: Locale = "en"): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : fullDateTime(locale).format(date);
}
