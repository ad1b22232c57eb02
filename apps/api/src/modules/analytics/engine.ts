import type { MrrMovement, MrrMovements } from "@tessera/shared";

/**
 * The membership history as the analytics read it, and the figures computed from it. Money is
 * kept as annualised cents (a monthly price × 12, a yearly price × 1), which are whole numbers:
 * MRR is that ÷ 12, so yearly plans count 1/12 a month with no rounding until a figure is shown.
 */

/** From `at` the membership was on this tier paying this much (annualised cents). */
export type Segment = { at: number; tierId: number; arrCents: number };

export type MembershipHistory = {
  id: number;
  customerId: number;
  start: number;
  /** When it stopped (expired, refunded, or a cancellation's paid time ran out); null: running. */
  end: number | null;
  /** Oldest first; the first starts at `start`. */
  segments: Segment[];
};

export type CustomerHistory = {
  customerId: number;
  /** The customer's first membership start at the shop (also before the loaded ones). */
  firstStart: number;
  memberships: MembershipHistory[];
};

/** A customer's standing at an instant: member of any tier, and in the filtered tier. */
export type Standing = { member: boolean; tierId: number | null; arrCents: number };

const NONE: Standing = { member: false, tierId: null, arrCents: 0 };

export function standingAt(customer: CustomerHistory, at: number, tierId?: number): Standing {
  for (const m of customer.memberships) {
    if (m.start > at || (m.end !== null && m.end <= at)) continue;
    let current: Segment | undefined;
    for (const s of m.segments) {
      if (s.at <= at) current = s;
      else break;
    }
    if (!current) continue;
    const inTier = tierId === undefined || current.tierId === tierId;
    return {
      member: true,
      tierId: inTier ? current.tierId : null,
      arrCents: inTier ? current.arrCents : 0,
    };
  }
  return NONE;
}

/** In the figure's tier (every tier without a filter). */
export const counts = (s: Standing) => s.tierId !== null;

export function emptyMovements(): Record<MrrMovement, number> {
  return { new: 0, expansion: 0, contraction: 0, churned: 0, reactivated: 0 };
}

/**
 * One customer's MRR movement from `from` to `to` (annualised cents). Moving into the filtered
 * tier from another is expansion, out of it to another contraction: neither is new business nor
 * lost business for the shop.
 */
export function classify(
  customer: CustomerHistory,
  from: number,
  before: Standing,
  after: Standing,
): { kind: MrrMovement; cents: number } | null {
  const delta = after.arrCents - before.arrCents;
  const wasIn = counts(before);
  const isIn = counts(after);
  if (!wasIn && !isIn) return null;
  if (!wasIn) {
    if (before.member) return { kind: "expansion", cents: delta };
    return { kind: customer.firstStart < from ? "reactivated" : "new", cents: delta };
  }
  if (!isIn) return { kind: after.member ? "contraction" : "churned", cents: delta };
  if (delta > 0) return { kind: "expansion", cents: delta };
  if (delta < 0) return { kind: "contraction", cents: delta };
  return null;
}

/** Annualised cents → cents of MRR, rounded half away from zero. */
export function mrrCents(arrCents: number): number {
  return Math.sign(arrCents) * Math.round(Math.abs(arrCents) / 12);
}

/**
 * The movements in cents of MRR, rounded so that they add up exactly to the shown change:
 * each is the difference of the rounded running total, so no cent appears or vanishes.
 */
export function roundMovements(startArr: number, arr: Record<MrrMovement, number>): MrrMovements {
  const out = emptyMovements();
  let running = startArr;
  for (const kind of Object.keys(arr) as MrrMovement[]) {
    const next = running + arr[kind];
    out[kind] = mrrCents(next) - mrrCents(running);
    running = next;
  }
  return out;
}

export type BucketFigures = {
  endArr: number;
  activeMembers: number;
  movements: Record<MrrMovement, number>;
  joined: number;
  left: number;
};

function tierOfMembershipAt(m: MembershipHistory, at: number): number {
  let tier = m.segments[0]?.tierId ?? -1;
  for (const s of m.segments) if (s.at <= at) tier = s.tierId;
  return tier;
}

/**
 * Figures per bucket between consecutive boundaries. `joined`/`left` count memberships that
 * started/ended inside the bucket (on the filtered tier at that moment).
 */
export function bucketFigures(
  customers: CustomerHistory[],
  boundaries: number[],
  tierId?: number,
): { startArr: number; startMembers: number; buckets: BucketFigures[] } {
  const buckets: BucketFigures[] = [];
  for (let i = 1; i < boundaries.length; i += 1) {
    buckets.push({ endArr: 0, activeMembers: 0, movements: emptyMovements(), joined: 0, left: 0 });
  }
  let startArr = 0;
  let startMembers = 0;
  const last = boundaries.length - 1;
  for (const customer of customers) {
    let before = standingAt(customer, boundaries[0] as number, tierId);
    startArr += before.arrCents;
    if (counts(before)) startMembers += 1;
    for (let i = 1; i <= last; i += 1) {
      const at = boundaries[i] as number;
      const after = standingAt(customer, at, tierId);
      const bucket = buckets[i - 1] as BucketFigures;
      bucket.endArr += after.arrCents;
      if (counts(after)) bucket.activeMembers += 1;
      const move = classify(customer, boundaries[i - 1] as number, before, after);
      if (move) bucket.movements[move.kind] += move.cents;
      before = after;
    }
    for (const m of customer.memberships) {
      const i = bucketIndex(boundaries, m.start);
      if (i >= 0 && (tierId === undefined || tierOfMembershipAt(m, m.start) === tierId)) {
        (buckets[i] as BucketFigures).joined += 1;
      }
      if (m.end === null) continue;
      const j = bucketIndex(boundaries, m.end);
      if (j >= 0 && (tierId === undefined || tierOfMembershipAt(m, m.end - 1) === tierId)) {
        (buckets[j] as BucketFigures).left += 1;
      }
    }
  }
  return { startArr, startMembers, buckets };
}

/** The bucket [b(i), b(i+1)) holding `at`, or -1. */
export function bucketIndex(boundaries: number[], at: number): number {
  if (boundaries.length < 2 || at < (boundaries[0] as number)) return -1;
  if (at >= (boundaries[boundaries.length - 1] as number)) return -1;
  let lo = 0;
  let hi = boundaries.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((boundaries[mid] as number) <= at) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Members in the tier at `from` and members of no tier at `to`, and their lost MRR. */
export function losses(customers: CustomerHistory[], from: number, to: number, tierId?: number) {
  let atStart = 0;
  let lost = 0;
  let startArr = 0;
  let lostArr = 0;
  for (const customer of customers) {
    const before = standingAt(customer, from, tierId);
    if (!counts(before)) continue;
    atStart += 1;
    startArr += before.arrCents;
    const after = standingAt(customer, to, tierId);
    if (!after.member) {
      lost += 1;
      lostArr += before.arrCents;
    } else if (after.arrCents < before.arrCents) {
      lostArr += before.arrCents - after.arrCents;
    }
  }
  return { atStart, lost, startArr, lostArr };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `addMonthsClamped(new Date(anchor), k).getTime()` for k = 0, 1, 2 …, without a Date per call
 * (the cohort and benefit walks take millions): the same day of the month, clamped to the
 * month's last day, at the same UTC time of day (whole milliseconds, as a Date keeps).
 */
export function monthsAfter(anchor: number): (months: number) => number {
  const at = Math.trunc(anchor);
  const d = new Date(at);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const day = d.getUTCDate();
  const timeOfDay = at - Date.UTC(year, month, day);
  return (months) => {
    const m = month + months;
    const y = year + Math.floor(m / 12);
    const mm = ((m % 12) + 12) % 12;
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const lastDay = mm === 1 && leap ? 29 : (DAYS_IN_MONTH[mm] as number);
    return Date.UTC(year, m, Math.min(day, lastDay)) + timeOfDay;
  };
}

export type CohortCounts = { size: number; active: number[] };

/**
 * The retention cohorts computed from the histories, customer by customer: each customer who
 * first joined in bucket i (of the given monthly boundaries; with a tier filter, whose first
 * membership started on that tier) counts in row i, and in cell k when a member of any tier
 * exactly k months after joining (if that moment has come by `at`). The read takes these from
 * the `analytics_cohort_days` rollup (cohorts.ts); this is the definition it is checked against.
 */
export function cohortCounts(
  customers: CustomerHistory[],
  boundaries: number[],
  at: number,
  months: number,
  tierId?: number,
): CohortCounts[] {
  const rows = Array.from({ length: boundaries.length - 1 }, () => ({
    size: 0,
    active: Array.from({ length: months }, () => 0),
  }));
  for (const customer of customers) {
    const i = bucketIndex(boundaries, customer.firstStart);
    if (i < 0) continue;
    const first = customer.memberships.find((m) => m.start === customer.firstStart);
    if (tierId !== undefined && first?.segments[0]?.tierId !== tierId) continue;
    const row = rows[i] as CohortCounts;
    row.size += 1;
    for (let k = 1, monthsOn = monthsAfter(customer.firstStart); k <= months; k += 1) {
      const then = monthsOn(k);
      if (then <= at && standingAt(customer, then).member) {
        row.active[k - 1] = (row.active[k - 1] ?? 0) + 1;
      }
    }
  }
  return rows;
}
