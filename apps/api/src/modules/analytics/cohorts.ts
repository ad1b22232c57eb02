import { addDays, addMonthsClamped, todayInTimeZone, zonedTimeToUtc } from "@tessera/shared";
import type { Executor } from "../../infra/db";
import { bucketIndex, type CohortCounts, monthsAfter } from "./engine";
import * as repo from "./repo";

const DAY_MS = 86_400_000;

const midnight = (day: string, timeZone: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedTimeToUtc({ year, month, day: date }, timeZone).getTime();
};

/**
 * The retention cohorts of the window from the rollup (migration i19_analytics_rollups), the
 * same counts as `cohortCounts` over every customer's history:
 * - the whole local days strictly inside the window come from `analytics_cohort_days`, whose
 *   bits say whether each customer was a member k months after joining, whatever today is;
 * - the window's first and last local days are cut (the window starts at a wall time, ends
 *   now): their joiners are read one by one from `analytics_cohort_members`;
 * - a cell counts a member only once "k months after joining" has come. A shown cell's moment
 *   for the row's month end has come, and a joiner's moment is before it except when both fall
 *   on a clamped month end, where it can be up to a day later (`monthsAfter` keeps the time
 *   of day). So while a shown cell's moment is less than two days old, the row's joiners of
 *   its last four days whose moment is still to come are taken out again.
 */
export async function cohortCountsFromRollup(
  db: Executor,
  shopId: number,
  window: { timeZone: string; at: number; tierId: number | undefined },
  keys: string[],
  boundaries: number[],
  months: number,
): Promise<CohortCounts[]> {
  const { timeZone, at, tierId } = window;
  const start = boundaries[0] as number;
  const end = boundaries[boundaries.length - 1] as number;
  const firstDay = todayInTimeZone(timeZone, new Date(start));
  const lastDay = todayInTimeZone(timeZone, new Date(end - 1));
  // The rolled-up days cover [inner, outer): every instant of the days between the two.
  const inner = Math.min(midnight(addDays(firstDay, 1), timeZone), end);
  const outer = Math.max(midnight(lastDay, timeZone), inner);
  const rows = keys.map(() => ({ size: 0, active: Array.from({ length: months }, () => 0) }));
  const rowOfMonth = new Map(keys.map((key, i) => [key, i]));
  const cellDue = (i: number, k: number) =>
    addMonthsClamped(new Date(boundaries[i + 1] as number), k).getTime();
  const risky: { i: number; k: number }[] = [];
  for (let i = 0; i < keys.length; i += 1) {
    for (let k = 1; k <= months; k += 1) {
      const due = cellDue(i, k);
      if (due <= at && due > at - 2 * DAY_MS) risky.push({ i, k });
    }
  }
  const edges = [{ from: new Date(start), to: new Date(inner) }];
  if (outer < end) edges.push({ from: new Date(outer), to: new Date(end) });
  const riskyRanges = [...new Set(risky.map((r) => r.i))].map((i) => {
    const monthEnd = boundaries[i + 1] as number;
    return {
      from: new Date(Math.max(monthEnd - 4 * DAY_MS, inner)),
      to: new Date(Math.min(monthEnd, outer)),
    };
  });
  const [days, edgeMembers, riskyMembers] = await Promise.all([
    firstDay < lastDay
      ? repo.cohortDays(db, shopId, firstDay, lastDay, tierId)
      : Promise.resolve([]),
    repo.cohortMembers(db, shopId, edges, tierId),
    repo.cohortMembers(
      db,
      shopId,
      riskyRanges.filter((r) => r.from < r.to),
      tierId,
    ),
  ]);
  for (const day of days) {
    const row = rows[rowOfMonth.get(day.day.slice(0, 7)) ?? -1];
    if (!row) continue;
    row.size += day.size;
    for (let k = 1; k <= months; k += 1) {
      row.active[k - 1] = (row.active[k - 1] ?? 0) + Number(day[`m${k}`] ?? 0);
    }
  }
  // Microseconds to milliseconds: the same double the history read makes.
  const joined = (m: { first_start_us: string }) => Number(m.first_start_us) / 1000;
  for (const member of edgeMembers) {
    const firstStart = joined(member);
    const row = rows[bucketIndex(boundaries, firstStart)];
    if (!row) continue;
    row.size += 1;
    const monthsOn = monthsAfter(firstStart);
    for (let k = 1; k <= months; k += 1) {
      if ((member.active & (1 << (k - 1))) !== 0 && monthsOn(k) <= at) {
        row.active[k - 1] = (row.active[k - 1] ?? 0) + 1;
      }
    }
  }
  for (const member of riskyMembers) {
    const firstStart = joined(member);
    const i = bucketIndex(boundaries, firstStart);
    const monthsOn = monthsAfter(firstStart);
    for (const cell of risky) {
      if (cell.i !== i || (member.active & (1 << (cell.k - 1))) === 0) continue;
      const row = rows[i] as CohortCounts;
      if (monthsOn(cell.k) > at) row.active[cell.k - 1] = (row.active[cell.k - 1] ?? 0) - 1;
    }
  }
  return rows;
}
