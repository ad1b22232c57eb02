import { DEFAULT_TIME_ZONE } from "./options.ts";

/**
 * Dates come in two kinds:
 * - calendar days, "YYYY-MM-DD" (offer start and end): a day in the shop's time zone, shown
 *   as written, never shifted;
 * - instants, ISO 8601 strings or `Date`s in UTC (created_at, transactionDate): shown as the
 *   calendar day they fall on in `timeZone`, by default the default shop time zone
 *   America/New_York, so browser and server agree whatever zone the machine is in.
 *
 * Nothing here reads the clock: callers pass `now`.
 */

export type DateInput = string | Date;

/** A calendar day as numbers; `month` is 1–12. */
export type CalendarDay = { year: number; month: number; day: number };

export type ZonedDateTime = CalendarDay & { hour: number; minute: number; second: number };

const MONTHS_SHORT = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical spelling of an IANA time zone name ("america/new_york" → "America/New_York"),
 * or null when it is not one. Offsets such as "+05:00", which newer engines also accept, are
 * not zone names and are refused: a shop's zone must follow its daylight-saving rules.
 */
export function canonicalTimeZone(value: string): string | null {
  const name = value.trim();
  if (name.length > 64 || !TIME_ZONE_NAME.test(name)) return null;
  // The engine's own list keeps the spelling a picker shows ("Europe/Kyiv"); other names it
  // accepts (aliases such as "US/Eastern") become the zone they stand for.
  zoneNames ??= new Map(
    ["UTC", ...Intl.supportedValuesOf("timeZone")].map((zone) => [zone.toLowerCase(), zone]),
  );
  const listed = zoneNames.get(name.toLowerCase());
  if (listed) return listed;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

let zoneNames: Map<string, string> | undefined;

/** The wall-clock date and time of `instant` in `timeZone`. */
export function getZonedDateTime(
  instant: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): ZonedDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}

/**
 * The instant at which the wall clock in `timeZone` shows `local`. Fields may overflow
 * (day 32, month 13, hour 24) and are carried like `Date.UTC` does. A wall time skipped by a
 * DST jump gives the instant after the jump; one that occurs twice gives the earlier.
 */
export function zonedTimeToUtc(
  local: Partial<ZonedDateTime> & CalendarDay,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour ?? 0,
    local.minute ?? 0,
    local.second ?? 0,
  );
  const offsetAt = (instant: number) => {
    const z = getZonedDateTime(new Date(instant), timeZone);
    const asUtc = Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, z.second);
    return asUtc - Math.floor(instant / 1000) * 1000;
  };
  // Try the offsets in force a day either side (a zone changes offset at most once in that
  // span) and keep those that read back as the wanted wall time: two in an overlap (take the
  // earlier), none in a gap (take the later, i.e. the same clock reading after the jump).
  const candidates = [...new Set([offsetAt(wall - DAY_MS), offsetAt(wall + DAY_MS)])].map(
    (offset) => wall - offset,
  );
  const exact = candidates.filter((instant) => instant + offsetAt(instant) === wall);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(...candidates));
}

/** Writes a calendar day as "YYYY-MM-DD". */
export function formatCalendarDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Reads "YYYY-MM-DD"; throws on anything else. */
export function parseCalendarDay(value: string): CalendarDay {
  if (!isDateOnly(value)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${value}`);
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/** The calendar day ("YYYY-MM-DD") that `now` falls on in `timeZone`: the shop's "today". */
export function todayInTimeZone(timeZone: string = DEFAULT_TIME_ZONE, now: Date): string {
  return formatCalendarDay(getZonedDateTime(now, timeZone));
}

/** `day` plus `days` calendar days ("2024-02-28" + 1 → "2024-02-29"). */
export function addDays(day: string, days: number): string {
  const { year, month, day: d } = parseCalendarDay(day);
  const date = new Date(Date.UTC(year, month - 1, d + days));
  return formatCalendarDay({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  });
}

/** The instant a calendar day starts (local midnight) in `timeZone`. */
export function startOfDay(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return zonedTimeToUtc(parseCalendarDay(day), timeZone);
}

/**
 * The calendar day of a date input: a "YYYY-MM-DD" string as is, an instant as the day it falls
 * on in `timeZone`. `undefined` when the input is not a date.
 */
export function toCalendarDay(
  value: DateInput,
  timeZone: string = DEFAULT_TIME_ZONE,
): CalendarDay | undefined {
  if (typeof value === "string" && isDateOnly(value.trim())) return parseCalendarDay(value.trim());
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return undefined;
  return getZonedDateTime(instant, timeZone);
}

/** "5 - Sep - 2024": the members list's Joining Date. "" when `value` is not a date. */
export function formatJoiningDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const day = toCalendarDay(value, timeZone);
  return day ? `${day.day} - ${MONTHS_SHORT[day.month - 1]} - ${day.year}` : "";
}

/**
 * "5 Sep, 2024": offer end dates and report dates (day, short month, year). "" when `value` is
 * not a date.
 */
export function formatShortDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const day = toCalendarDay(value, timeZone);
  return day ? `${day.day} ${MONTHS_SHORT[day.month - 1]}, ${day.year}` : "";
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isDateOnly(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
