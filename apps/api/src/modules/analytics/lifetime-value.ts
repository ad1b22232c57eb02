import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../infra/db";
import { cutHoursOf, HOUR_MS, hourOf, inCutHours } from "./cut-hours";
import { type CustomerHistory, standingAt } from "./engine";

/** Per tier (null: all tiers together): the lifetime-value read's counts. */
export type LtvTally = {
  /** Members on the tier at the window's end, and their annualised cents. */
  members: number;
  arr: number;
  /** Members on the tier at each month's start (summed over the months) … */
  atStart: number;
  /** … and of those, the ones who were members of no tier at the month's end. */
  lost: number;
};

/**
 * The rollup counts a span's loss in the bucket holding its run's end only for buckets shorter
 * than this (migration 0024_standing_rollup, 840 hours); the read's months always are.
 */
export const ROLLUP_BUCKET_LIMIT_MS = 840 * HOUR_MS;

function tallies() {
  const map = new Map<number | null, LtvTally>();
  const of = (id: number | null) => {
    const found = map.get(id);
    if (found) return found;
    const fresh = { members: 0, arr: 0, lost: 0, atStart: 0 };
    map.set(id, fresh);
    return fresh;
  };
  return { map, of };
}

/**
 * The definition the rollup is checked against (and what the read computed before it): every
 * customer's standing at each month boundary walked.
 */
export function ltvFromHistories(customers: CustomerHistory[], boundaries: number[]) {
  const { map, of } = tallies();
  of(null);
  const end = boundaries[boundaries.length - 1] as number;
  for (const customer of customers) {
    const last = standingAt(customer, end);
    if (last.member && last.tierId !== null) {
      for (const t of [of(last.tierId), of(null)]) {
        t.members += 1;
        t.arr += last.arrCents;
      }
    }
    for (let i = 1; i < boundaries.length; i += 1) {
      const before = standingAt(customer, boundaries[i - 1] as number);
      if (!before.member || before.tierId === null) continue;
      const gone = !standingAt(customer, boundaries[i] as number).member;
      for (const t of [of(before.tierId), of(null)]) {
        t.atStart += 1;
        if (gone) t.lost += 1;
      }
    }
  }
  return map;
}

/** Whether the rollup can answer for these boundaries (every bucket under 840 hours). */
export function rollupFits(boundaries: number[]) {
  for (let i = 1; i < boundaries.length; i += 1) {
    if ((boundaries[i] as number) - (boundaries[i - 1] as number) >= ROLLUP_BUCKET_LIMIT_MS) {
      return false;
    }
  }
  return boundaries.length >= 2;
}

/** The bucket k (1 … n) with b(k−1) < at <= b(k), or -1. */
function bucketEnding(boundaries: number[], at: number) {
  const n = boundaries.length - 1;
  if (at <= (boundaries[0] as number) || at > (boundaries[n] as number)) return -1;
  let lo = 0;
  let hi = n;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((boundaries[mid] as number) < at) lo = mid;
    else hi = mid;
  }
  return hi;
}

const ms = (us: string | null) => (us === null ? null : Number(us) / 1000);
const usOf = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint::text`);

/** Every span of the customers given (a few: those who came back soon after leaving). */
async function customerSpans(db: Executor, shopId: number, customerIds: number[]) {
  const rows = await queryRows<{
    customer_id: number;
    from_us: string;
    to_us: string | null;
    run_end_us: string | null;
  }>(
    db,
    sql`select customer_id, ${usOf("from_at")} as from_us, ${usOf("to_at")} as to_us,
        ${usOf("run_end")} as run_end_us
      from analytics_standings
      where shop_id = ${shopId} and customer_id in (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const out = new Map<number, { from: number; to: number | null; runEnd: number | null }[]>();
  for (const r of rows) {
    const list = out.get(r.customer_id) ?? [];
    list.push({ from: ms(r.from_us) as number, to: ms(r.to_us), runEnd: ms(r.run_end_us) });
    out.set(r.customer_id, list);
  }
  return out;
}

/** The rollup's three reads: the hours, the cut hours' spans, the spans to check. */
function readRollup(db: Executor, shopId: number, boundaries: number[], cutHours: number[]) {
  const first = boundaries[0] as number;
  const last = boundaries[boundaries.length - 1] as number;
  const thresholds = `{${boundaries.map((b) => new Date(b).toISOString()).join(",")}}`;
  const inCut = (column: string) => inCutHours(column, cutHours);
  const cutList = `{${cutHours.map((h) => new Date(h).toISOString()).join(",")}}`;
  return Promise.all([
    queryRows<{ tier_id: number; k: number; members: string; arr: string; lost: string }>(
      db,
      sql`select tier_id,
          width_bucket(hour, ${thresholds}::timestamptz[]) as k,
          sum(members)::bigint::text as members, sum(arr_cents)::bigint::text as arr,
          sum(lost)::bigint::text as lost
        from analytics_standing_hours
        where shop_id = ${shopId} and hour < ${new Date(last)}
          and hour <> all(${cutList}::timestamptz[])
        group by 1, 2`,
    ),
    queryRows<{
      tier_id: number;
      arr_cents: string;
      lost: number;
      from_us: string;
      to_us: string | null;
      run_end_us: string | null;
    }>(
      db,
      sql`select tier_id, arr_cents::text as arr_cents, lost, ${usOf("from_at")} as from_us,
          ${usOf("to_at")} as to_us, ${usOf("run_end")} as run_end_us
        from analytics_standings
        where shop_id = ${shopId} and ((${inCut("from_at")}) or (${inCut("to_at")})
          or (lost = 1 and (${inCut("run_end")})))`,
    ),
    queryRows<{
      customer_id: number;
      tier_id: number;
      from_us: string;
      to_us: string;
      run_end_us: string;
      next_us: string | null;
    }>(
      db,
      sql`select customer_id, tier_id, ${usOf("from_at")} as from_us, ${usOf("to_at")} as to_us,
          ${usOf("run_end")} as run_end_us, ${usOf("next_start")} as next_us
        from analytics_standings
        where shop_id = ${shopId} and lost = 2 and run_end > ${new Date(first)}
          and run_end <= ${new Date(last)}`,
    ),
  ]);
}

/**
 * The same counts from the standing rollup (migration 0024_standing_rollup):
 * - `analytics_standing_hours` for every UTC hour that holds no boundary, summed per tier and
 *   bucket: members and annualised cents joining and leaving a tier, and the losses rolled up
 *   at the hour their run ended;
 * - the spans themselves (`analytics_standings`) for the hours that hold a boundary, each
 *   start, end and rolled-up loss placed at its exact instant;
 * - the spans whose loss depends on the boundaries (lost = 2, a run shorter than 840 hours, a
 *   comeback within 840 hours, a tier change shortly before leaving), checked one by one.
 * Point counts at a boundary b add every start and end at or before b, as `standingAt` does.
 */
export async function ltvFromRollup(db: Executor, shopId: number, boundaries: number[]) {
  const n = boundaries.length - 1;
  const first = boundaries[0] as number;
  const last = boundaries[n] as number;
  const cutHours = cutHoursOf(boundaries);
  const isCut = new Set(cutHours);
  const [hours, cut, checks] = await readRollup(db, shopId, boundaries, cutHours);
  // Per tier: members and annualised cents changing inside each bucket (index 0: before the
  // first boundary; k: in (b(k−1), b(k)]), and the losses per bucket.
  const perTier = new Map<number, { members: number[]; arr: number[]; lost: number[] }>();
  const tier = (id: number) => {
    let found = perTier.get(id);
    if (!found) {
      const zeros = () => Array.from({ length: n + 1 }, () => 0);
      found = { members: zeros(), arr: zeros(), lost: zeros() };
      perTier.set(id, found);
    }
    return found;
  };
  for (const r of hours) {
    const t = tier(r.tier_id);
    t.members[r.k] = (t.members[r.k] as number) + Number(r.members);
    t.arr[r.k] = (t.arr[r.k] as number) + Number(r.arr);
    t.lost[r.k] = (t.lost[r.k] as number) + Number(r.lost);
  }
  /**
   * A start (+1) or end (−1) at an exact instant: counted at every boundary from it on. At the
   * window's end itself, as the history read loads the memberships started and the payments
   * made before it: a start is not counted, nor an end where another span of the run begins
   * (a price change then); a run's end is.
   */
  const move = (tierId: number, at: number, sign: number, arr: number, runEnds: boolean) => {
    if (!isCut.has(hourOf(at)) || at > last) return;
    if (at === last && (sign > 0 || !runEnds)) return;
    const k = at <= first ? 0 : bucketEnding(boundaries, at);
    const t = tier(tierId);
    t.members[k] = (t.members[k] as number) + sign;
    t.arr[k] = (t.arr[k] as number) + sign * arr;
  };
  for (const r of cut) {
    const arr = Number(r.arr_cents);
    const to = ms(r.to_us);
    const runEnd = ms(r.run_end_us);
    move(r.tier_id, ms(r.from_us) as number, 1, arr, false);
    if (to !== null) move(r.tier_id, to, -1, arr, to === runEnd);
    if (r.lost === 1 && runEnd !== null && isCut.has(hourOf(runEnd))) {
      const k = bucketEnding(boundaries, runEnd);
      if (k > 0) tier(r.tier_id).lost[k] = (tier(r.tier_id).lost[k] as number) + 1;
    }
  }
  // A checked span is lost when it holds the month's start and the customer is a member of no
  // tier at the month's end: past the run's end, unless a later run covers that instant.
  const comebacks: { tierId: number; customerId: number; k: number }[] = [];
  for (const r of checks) {
    const k = bucketEnding(boundaries, ms(r.run_end_us) as number);
    if (k <= 0) continue;
    const before = boundaries[k - 1] as number;
    if (!((ms(r.from_us) as number) <= before && before < (ms(r.to_us) as number))) continue;
    const next = ms(r.next_us);
    // A comeback exactly at the window's end is not loaded by the history read.
    const back = next !== null && (k === n ? next < last : next <= (boundaries[k] as number));
    if (back) comebacks.push({ tierId: r.tier_id, customerId: r.customer_id, k });
    else tier(r.tier_id).lost[k] = (tier(r.tier_id).lost[k] as number) + 1;
  }
  if (comebacks.length > 0) {
    const spans = await customerSpans(db, shopId, [...new Set(comebacks.map((c) => c.customerId))]);
    for (const c of comebacks) {
      const at = boundaries[c.k] as number;
      const covered = (spans.get(c.customerId) ?? []).some(
        (x) =>
          (c.k === n ? x.from < at : x.from <= at) &&
          (x.to === null || x.to > at || (c.k === n && x.to === at && x.to !== x.runEnd)),
      );
      if (!covered) tier(c.tierId).lost[c.k] = (tier(c.tierId).lost[c.k] as number) + 1;
    }
  }
  const { map, of } = tallies();
  of(null);
  for (const [tierId, t] of perTier) {
    let members = 0;
    let arr = 0;
    for (let k = 0; k <= n; k += 1) {
      members += t.members[k] as number;
      arr += t.arr[k] as number;
      // The members at b(k): at the start of month k + 1 (the last one: at the window's end).
      for (const x of [of(tierId), of(null)]) {
        if (k < n) x.atStart += members;
        else {
          x.members += members;
          x.arr += arr;
        }
        if (k > 0) x.lost += t.lost[k] as number;
      }
    }
  }
  return map;
}
