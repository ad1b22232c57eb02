import { getZonedDateTime, type ZonedDateTime, zonedTimeToUtc } from "./dates.ts";
import { DEFAULT_TIME_ZONE, type Period } from "./options.ts";

/**
 * Report and dashboard windows (DOMAIN "Periods"). A window ends at `now` and is measured on
 * the shop's wall clock, so "This month" starts at local midnight on the 1st and "Last 6
 * months" starts at the same local time six calendar months ago. The previous window, for
 * percentages, is the one of equal length just before; for `currentMonth` it is the same days
 * of the previous month.
 */
export type PeriodRange = {
  /** Inclusive. */
  start: Date;
  /** Exclusive: `now`. */
  end: Date;
  previousStart: Date;
  previousEnd: Date;
};

type Shift = { days?: number; months?: number };

const PERIOD_LENGTHS: Record<Exclude<Period, "currentMonth">, Shift> = {
  "30Days": { days: 30 },
  "60Days": { days: 60 },
  "6months": { months: 6 },
  lastYear: { months: 12 },
  "1year": { months: 12 },
};

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Moves a wall time back by whole days or months; a day past the month's end is clamped. */
function shiftBack(local: ZonedDateTime, { days = 0, months = 0 }: Shift): ZonedDateTime {
  const monthIndex = local.year * 12 + (local.month - 1) - months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const day = Math.min(local.day, daysInMonth(year, month)) - days;
  return { ...local, year, month, day };
}

export function getPeriodRange(
  period: Period,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): PeriodRange {
  const local = getZonedDateTime(now, timeZone);
  if (period === "currentMonth") {
    const firstOfMonth = { ...local, day: 1, hour: 0, minute: 0, second: 0 };
    return {
      start: zonedTimeToUtc(firstOfMonth, timeZone),
      end: now,
      previousStart: zonedTimeToUtc(shiftBack(firstOfMonth, { months: 1 }), timeZone),
      previousEnd: zonedTimeToUtc(shiftBack(local, { months: 1 }), timeZone),
    };
  }
  const length = PERIOD_LENGTHS[period];
  const startLocal = shiftBack(local, length);
  const start = zonedTimeToUtc(startLocal, timeZone);
  // Normalise the shifted wall time (day 0 and below) before shifting again.
  const startWall = getZonedDateTime(start, timeZone);
  return {
    start,
    end: now,
    previousStart: zonedTimeToUtc(shiftBack(startWall, length), timeZone),
    previousEnd: start,
  };
}

/**
 * Percentage change from `previous` to `current`, rounded to 2 decimals. With nothing in the
 * previous window there is no ratio to show, so the answer is null, never a division by zero.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 100;
}
