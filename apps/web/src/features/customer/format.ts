import { formatMoneyIn, formatShortDateIn } from "@tessera/shared";
import { activeLocale } from "@/lib/i18n";

/** "9 Mar, 2026" in the shop's time zone (the product's short date), in the page's language. */
export function formatDay(value: string, timeZone: string): string {
  return formatShortDateIn(activeLocale(), value, timeZone);
}

/** An amount in the shop's currency, written the page's language's way. */
export function formatAmount(dollars: number): string {
  return formatMoneyIn(activeLocale(), dollars);
}

function timeFormat(timeZone?: string): Intl.DateTimeFormat {
  const locale = activeLocale();
  // English keeps the product's "2:05 PM"; the others their own clock.
  return new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  });
}

/** "2:05 PM" in the shop's time zone; "" when `value` is not a date. */
export function formatTime(value: string, timeZone: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return timeFormat(timeZone).format(date);
  } catch {
    // An unknown zone name: the browser's own zone is better than nothing.
    return timeFormat().format(date);
  }
}
