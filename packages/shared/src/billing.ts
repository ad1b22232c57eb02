/**
 * Billing periods of customer memberships. A period ends on the same day of the month as it
 * started (or the month's last day when shorter: Jan 31 → Feb 28 → Mar 31), at the same time.
 */

export type Plan = "monthly" | "yearly";

export function monthsOf(plan: Plan): number {
  return plan === "yearly" ? 12 : 1;
}

/** `anchor` plus `months` calendar months, clamped to the month's last day. */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The end of the period `count` periods after a membership's start. */
export function periodEnd(start: Date, plan: Plan, count = 1): Date {
  return addMonthsClamped(start, monthsOf(plan) * count);
}

/**
 * Which month of membership `at` falls in (0 for the first), counted from the start date, so a
 * benefit resets on the same day each month (DOMAIN "Benefits").
 */
export function membershipMonthIndex(start: Date, at: Date): number {
  if (at.getTime() < start.getTime()) return 0;
  let months =
    (at.getUTCFullYear() - start.getUTCFullYear()) * 12 + (at.getUTCMonth() - start.getUTCMonth());
  while (months > 0 && addMonthsClamped(start, months).getTime() > at.getTime()) months -= 1;
  while (addMonthsClamped(start, months + 1).getTime() <= at.getTime()) months += 1;
  return months;
}
