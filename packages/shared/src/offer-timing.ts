import {
  addDays,
  type DateInput,
  formatCalendarDay,
  formatShortDate,
  startOfDay,
  toCalendarDay,
} from "./dates.ts";
import { DEFAULT_TIME_ZONE, type OfferStatus, type OfferTab } from "./options.ts";

/**
 * Offer timing from calendar days only (merchant §4, DOMAIN "Offers"): an offer runs from the
 * start of `startDate` to the end of `endDate` in the shop's time zone, both days included.
 * `today` is the shop's calendar day ("YYYY-MM-DD", from `todayInTimeZone`).
 */

export type OfferTiming = OfferTab;

type OfferDates = { startDate: DateInput; endDate: DateInput };

/** "YYYY-MM-DD" for a calendar day or an instant (read in `timeZone`); throws if not a date. */
function toDay(value: DateInput, timeZone: string): string {
  const day = toCalendarDay(value, timeZone);
  if (!day) throw new RangeError(`Not a date: ${String(value)}`);
  return formatCalendarDay(day);
}

/** upcoming before `startDate`, active from `startDate` to `endDate` inclusive, then expired. */
export function getOfferTiming(
  offer: OfferDates,
  today: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): OfferTiming {
  // ISO calendar days compare correctly as strings.
  if (today < toDay(offer.startDate, timeZone)) return "upcoming";
  if (today > toDay(offer.endDate, timeZone)) return "expired";
  return "active";
}

/**
 * Whether an offer can be shown on a storefront and bought today: within its dates and not
 * deleted.
 */
export function isOfferAvailable(
  offer: OfferDates & { status?: OfferStatus | string | null },
  today: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  return offer.status !== "cancelled" && getOfferTiming(offer, today, timeZone) === "active";
}

/** The instant an offer stops being purchasable: the midnight after its end day. */
export function getOfferEndsAt(endDate: DateInput, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return startOfDay(addDays(toDay(endDate, timeZone), 1), timeZone);
}

export const NEAR_EXPIRY_MS = 24 * 60 * 60 * 1000;

export const OFFER_COUNTDOWN_LABELS = {
  expired: "Offer Expired",
  countdown: "Expires in",
  date: "Expires on",
} as const;

export type OfferCountdown =
  | { kind: "expired" }
  | {
      kind: "countdown";
      days: number;
      hours: number;
      minutes: number;
      seconds: number;
      /** Milliseconds left. */
      remainingMs: number;
    }
  | { kind: "date"; endDate: string; label: string };

/**
 * What an offer card shows at `now` (it ticks every second): "Offer Expired" once the end day is
 * over, a days/hours/minutes/seconds countdown when it ends within 1 day, otherwise "Expires on"
 * with the end date ("5 Sep, 2024").
 */
export function getOfferCountdown(
  endDate: DateInput,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): OfferCountdown {
  const remainingMs = getOfferEndsAt(endDate, timeZone).getTime() - now.getTime();
  if (remainingMs <= 0) return { kind: "expired" };
  if (remainingMs <= NEAR_EXPIRY_MS) {
    const totalSeconds = Math.floor(remainingMs / 1000);
    return {
      kind: "countdown",
      days: Math.floor(totalSeconds / 86_400),
      hours: Math.floor((totalSeconds % 86_400) / 3600),
      minutes: Math.floor((totalSeconds % 3600) / 60),
      seconds: totalSeconds % 60,
      remainingMs,
    };
  }
  const day = toDay(endDate, timeZone);
  return { kind: "date", endDate: day, label: formatShortDate(day) };
}

export type OfferPerformanceStatus = "Active" | "Deleted" | "Expired";

/**
 * The Offers Performance table's status (merchant §4): Deleted if the offer was deleted
 * (`cancelled`), Active if its end day is not past (upcoming offers included), else Expired.
 */
export function getOfferPerformanceStatus(
  offer: { endDate: DateInput; status?: OfferStatus | string | null },
  today: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): OfferPerformanceStatus {
  if (offer.status === "cancelled") return "Deleted";
  return toDay(offer.endDate, timeZone) >= today ? "Active" : "Expired";
}
