import { type DateInput, formatShortDate, toCalendarDay } from "../dates.ts";
import { formatMoney, roundDollars } from "../money.ts";
import type { Locale } from "./locales.ts";

/**
 * Money, numbers and dates in the reader's language. English keeps the specification's own
 * formats ("$24.50", "5 Sep, 2024"); the other languages follow `Intl`. The currency stays the
 * shop's (US dollars): a Spanish reader sees "24,50 US$", never a converted amount.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and options: building an `Intl` formatter is slow, using one is not. */
function cached<F>(cache: Map<string, F>, locale: Locale, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** Dollars as money, exact cents, in the shop's currency. */
export function formatMoneyIn(locale: Locale, dollars: number, currency = "USD"): string {
  if (locale === "en" && currency === "USD") return formatMoney(dollars);
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(roundDollars(dollars));
}

/** `formatMoneyIn` for an amount held in cents. */
export function formatCentsIn(locale: Locale, cents: number, currency = "USD"): string {
  return formatMoneyIn(locale, cents / 100, currency);
}

export function formatNumberIn(locale: Locale, value: number): string {
  return numberFormat(locale, {}).format(value);
}

/**
 * A calendar day in the shop's zone: "5 Sep, 2024" in English, "5 sept 2024" in Spanish,
 * "05.09.2024" style per `Intl` in German. "" when `value` is not a date.
 */
export function formatShortDateIn(locale: Locale, value: DateInput, timeZone?: string): string {
  if (locale === "en") return formatShortDate(value, timeZone);
  const day = toCalendarDay(value, timeZone);
  if (!day) return "";
  return dateFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(Date.UTC(day.year, day.month - 1, day.day)),
  );
}

/** A moment, date and time, in the given zone (the shop's). */
export function formatDateTimeIn(locale: Locale, value: Date | string, timeZone?: string): string {
  return dateFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(
    new Date(value),
  );
}
