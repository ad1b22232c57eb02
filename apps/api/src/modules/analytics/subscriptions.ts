import type { MrrMovement } from "@tessera/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../infra/db";
import { cutHoursOf, hourOf, inCutHours } from "./cut-hours";
import { type BucketFigures, emptyMovements } from "./engine";

/**
 * The subscriptions read's figures from the standing rollup (migration 0024_standing_rollup):
 * what `bucketFigures` and `losses` compute by walking every customer's history, which stay the
 * definition (subscriptions-rollup.test.ts compares the two).
 *
 * - MRR and members at each boundary are point sums: `analytics_standing_hours` summed per
 *   bucket for the hours that hold no boundary, and the spans of the hours that do placed at
 *   their exact instants.
 * - A customer's standing differs between a bucket's two ends only when one of their spans
 *   starts or ends inside the bucket. A customer's first span is a new member's MRR, summed per
 *   hour (`first_arr`, migration 0030); the movements read only the other spans starting in the
 *   window and the spans ending in it: each span covers
 *   a run of boundaries, and is the customer's standing "after" at the first boundary it covers
 *   and "before" at the one following its last. Pairing them per customer and bucket gives the
 *   standings at the bucket's two ends, classified in SQL as `classify` does.
 * - Churn reads the spans holding the window's start that end inside it, and each one's
 *   customer's standing at the window's end.
 * - Joined and left count the memberships starting and ending in each bucket.
 *
 * At the window's end itself the read counts what the history read loads (the memberships
 * started and the payments made before it), as the lifetime-value read does: a span starting
 * exactly then is not counted, nor a price change then, but a run ending then is.
 */
export type SubscriptionFigures = {
  startArr: number;
  startMembers: number;
  buckets: BucketFigures[];
  losses: { atStart: number; lost: number; startArr: number; lostArr: number };
};

const ms = (us: string | null) => (us === null ? null : Number(us) / 1000);
const usOf = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint::text`);
const stamps = (xs: number[]) => `{${xs.map((x) => new Date(x).toISOString()).join(",")}}`;

/** The filter's tier of a row (`alias`.tier_id), or every tier. */
const inTier = (column: string, tierId: number | undefined) =>
  tierId === undefined ? sql`true` : sql`${sql.raw(column)} = ${tierId}`;

/**
 * Members and annualised cents in the filter's tier at each boundary b(0) … b(n): the hours
 * without a boundary summed per bucket (k: changes in (b(k−1), b(k)], 0: before b(0)), and
 * the cut hours' spans placed at their instants.
 */
async function pointSums(db: Executor, shopId: number, boundaries: number[], tierId?: number) {
  const n = boundaries.length - 1;
  const last = boundaries[n] as number;
  const cutHours = cutHoursOf(boundaries);
  const isCut = new Set(cutHours);
  const inCut = (column: string) => inCutHours(column, cutHours);
  const [hours, cut] = await Promise.all([
    queryRows<{ k: number; members: string; arr: string; first_arr: string }>(
      db,
      sql`select width_bucket(hour, ${stamps(boundaries)}::timestamptz[]) as k,
          sum(members)::bigint::text as members, sum(arr_cents)::bigint::text as arr,
          sum(first_arr)::bigint::text as first_arr
        from analytics_standing_hours
        where shop_id = ${shopId} and hour < ${new Date(last)}
          and hour <> all(${stamps(cutHours)}::timestamptz[]) and ${inTier("tier_id", tierId)}
        group by 1`,
    ),
    queryRows<{
      arr_cents: string;
      from_us: string;
      to_us: string | null;
      run_end_us: string | null;
      first_span: boolean;
    }>(
      db,
      sql`select arr_cents::text as arr_cents, ${usOf("from_at")} as from_us,
          ${usOf("to_at")} as to_us, ${usOf("run_end")} as run_end_us, first_span
        from analytics_standings
        where shop_id = ${shopId} and ((${inCut("from_at")}) or (${inCut("to_at")}))
          and ${inTier("tier_id", tierId)}`,
    ),
  ]);
  const members = Array.from({ length: n + 1 }, () => 0);
  const arr = Array.from({ length: n + 1 }, () => 0);
  const firstArr = Array.from({ length: n + 1 }, () => 0);
  for (const r of hours) {
    members[r.k] = (members[r.k] as number) + Number(r.members);
    arr[r.k] = (arr[r.k] as number) + Number(r.arr);
    firstArr[r.k] = (firstArr[r.k] as number) + Number(r.first_arr);
  }
  /** A start (+1) or an end (−1) at an exact instant: counted at every boundary from it on. */
  const move = (at: number, sign: number, cents: number, runEnds: boolean) => {
    if (!isCut.has(hourOf(at)) || at > last) return;
    if (at === last && (sign > 0 || !runEnds)) return;
    let k = 0;
    while (k < n && (boundaries[k] as number) < at) k += 1;
    members[k] = (members[k] as number) + sign;
    arr[k] = (arr[k] as number) + sign * cents;
  };
  for (const r of cut) {
    const cents = Number(r.arr_cents);
    const from = ms(r.from_us) as number;
    const to = ms(r.to_us);
    move(from, 1, cents, false);
    if (to !== null) move(to, -1, cents, to === ms(r.run_end_us));
    // A first span starting in the window (before its end) in bucket k: b(k−1) < from ≤ b(k).
    const inCutHour = isCut.has(hourOf(from));
    if (r.first_span && inCutHour && from > (boundaries[0] as number) && from < last) {
      const k = boundaries.filter((b) => b < from).length;
      firstArr[k] = (firstArr[k] as number) + cents;
    }
  }
  for (let k = 1; k <= n; k += 1) {
    members[k] = (members[k] as number) + (members[k - 1] as number);
    arr[k] = (arr[k] as number) + (arr[k - 1] as number);
  }
  return { members, arr, firstArr };
}

/**
 * The boundaries b(k) a span covers, from `lo` to `hi` (b(k) in [from_at, to_at); at the
 * window's end, as the history read loads it: a span starting then does not cover it, one
 * ending then with its run going on does). `width_bucket(t − 1 µs)` counts the boundaries
 * before t (timestamps are whole microseconds).
 */
function coverage(boundaries: number[]): SQL {
  const n = boundaries.length - 1;
  const th = sql`${stamps(boundaries)}::timestamptz[]`;
  const last = new Date(boundaries[n] as number);
  return sql`case when from_at = ${last} then ${n + 1}
      else width_bucket(from_at - interval '1 microsecond', ${th}) end as lo,
    case when to_at is null or (to_at = ${last} and to_at is distinct from run_end) then ${n}
      else width_bucket(to_at - interval '1 microsecond', ${th}) - 1 end as hi`;
}

/**
 * Per bucket k (1 … n) and kind: the movements' annualised cents, but for the customers' first
 * spans. A first span covering b(k) but not b(k−1) is always *new* (nothing of the customer's
 * covers an earlier boundary, nor ended before it), so `pointSums` adds those up from the hours
 * (`first_arr`); this statement takes back the first spans that start and end inside one bucket
 * (they cover no boundary). The spans ending inside the window give the "before" standings (few:
 * members who changed or left), hashed and joined with the later spans starting in it (the
 * "after" ones: changes and comebacks; a partial index) on customer and bucket. A joiner (a member of no
 * tier at the bucket's start) had a membership before it exactly when one of their spans ended
 * by then, that is when their first span (spans never overlap) did: *reactivated*; else *new*.
 * That span is looked up by the primary key for those joiners alone (a scan of every span ended
 * before the window's last bucket cost most of a month's read).
 */
async function movements(db: Executor, shopId: number, boundaries: number[], tierId?: number) {
  const n = boundaries.length - 1;
  const first = new Date(boundaries[0] as number);
  const last = new Date(boundaries[n] as number);
  const th = sql`${stamps(boundaries)}::timestamptz[]`;
  const tier = tierId ?? null;
  const counts = (column: string) =>
    sql
      .raw(`${column} is not null`)
      .append(tierId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${tier}::int`);
  // Over a year of a large shop the plan's estimated cost passes the JIT threshold, and
  // compiling it took longer (0.7 s) than running it: off for this statement's transaction.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<{ k: number; kind: MrrMovement | null; cents: string }>(
      tx,
      sql`with afters as (
        select customer_id, lo as k, tier_id, arr_cents from (
          select customer_id, tier_id, arr_cents, ${coverage(boundaries)}
          from analytics_standings
          where shop_id = ${shopId} and from_at > ${first} and from_at <= ${last}
            and not first_span
        ) s where lo <= hi
      ), befores as (
        select customer_id, hi + 1 as k, tier_id, arr_cents from (
          select customer_id, tier_id, arr_cents, ${coverage(boundaries)}
          from analytics_standings
          where shop_id = ${shopId} and to_at > ${first} and to_at <= ${last}
        ) s where hi < ${n} and lo <= hi
      ), pairs as (
        select a.customer_id, coalesce(a.k, b.k) as k,
          b.tier_id as bt, a.tier_id as at,
          case when ${counts("b.tier_id")} then b.arr_cents else 0 end as barr,
          case when ${counts("a.tier_id")} then a.arr_cents else 0 end as aarr
        from afters a full join befores b on a.customer_id = b.customer_id and a.k = b.k
      )
      select p.k, case
          when not (${counts("p.bt")}) and not (${counts("p.at")}) then null
          when not (${counts("p.bt")}) then case when p.bt is not null then 'expansion'
            when (select x.to_at from analytics_standings x where x.customer_id = p.customer_id
              and x.shop_id = ${shopId} order by x.from_at limit 1) <= (${th})[p.k]
              then 'reactivated' else 'new' end
          when not (${counts("p.at")}) then case when p.at is not null then 'contraction'
            else 'churned' end
          when p.aarr > p.barr then 'expansion'
          when p.aarr < p.barr then 'contraction' end as kind,
        sum(p.aarr - p.barr)::bigint::text as cents
      from pairs p
      group by 1, 2
      union all
      select lo, 'new', (-sum(arr_cents))::bigint::text from (
        select arr_cents, ${coverage(boundaries)}
        from analytics_standings
        where shop_id = ${shopId} and to_at > ${first} and to_at <= ${last} and first_span
          and from_at > ${first} and ${inTier("tier_id", tierId)}
      ) s where lo > hi
      group by 1`,
    );
  });
  return rows.filter((r): r is { k: number; kind: MrrMovement; cents: string } => r.kind !== null);
}

/** Members in the tier at the window's start who are of no tier at its end, and the MRR lost. */
async function churn(db: Executor, shopId: number, boundaries: number[], tierId?: number) {
  const first = new Date(boundaries[0] as number);
  const last = new Date(boundaries[boundaries.length - 1] as number);
  const tier = tierId ?? null;
  const [row] = await queryRows<{ lost: string; lost_arr: string }>(
    db,
    sql`select count(*) filter (where a.tier_id is null)::text as lost,
        coalesce(sum(case when a.tier_id is null then s.arr_cents
          when a.arr_cents < s.arr_cents then s.arr_cents - a.arr_cents else 0 end), 0)
          ::bigint::text as lost_arr
      from analytics_standings s
      left join lateral (
        select x.tier_id, case when ${tier}::int is null or x.tier_id = ${tier}::int
            then x.arr_cents else 0 end as arr_cents
        from analytics_standings x
        where x.customer_id = s.customer_id and x.shop_id = ${shopId} and x.from_at < ${last}
          and (x.to_at is null or x.to_at > ${last}
            or (x.to_at = ${last} and x.to_at is distinct from x.run_end))
        order by x.from_at desc limit 1
      ) a on true
      where s.shop_id = ${shopId} and s.from_at <= ${first} and s.to_at > ${first}
        and s.to_at <= ${last} and ${inTier("s.tier_id", tierId)}`,
  );
  return { lost: Number(row?.lost ?? 0), lostArr: Number(row?.lost_arr ?? 0) };
}

/** When a membership stopped, as the history read takes it (history.ts). */
const END_AT = sql.raw(
  "coalesce(m.ended_at, case when m.status in ('cancelled', 'expired') then m.expire_date end)",
);

/**
 * The tier a membership is on at `at` (a column or expression of m), as `tierOfMembershipAt`
 * reads its payments: the latest price change at or before it (from the start on), else the
 * first one, else the membership's own tier; only the payments made before the window's end.
 */
function tierAt(at: SQL, until: Date): SQL {
  const change = (order: SQL, when: SQL) =>
    sql`(select coalesce(pc.tier_id, m.tier_id) from membership_price_changes pc
      where pc.membership_id = m.id and pc.changed_at < ${until} and ${when}
      order by ${order} limit 1)`;
  return sql`coalesce(
    ${change(sql`pc.changed_at desc, pc.transaction_id desc`, sql`pc.changed_at <= ${at} and ${at} >= m.start_date`)},
    ${change(sql`pc.changed_at, pc.transaction_id`, sql`true`)}, m.tier_id)`;
}

/** Memberships that started and ended in each bucket [b(k−1), b(k)), on the tier then. */
function joinedAndLeft(db: Executor, shopId: number, boundaries: number[], tierId?: number) {
  const first = new Date(boundaries[0] as number);
  const last = new Date(boundaries[boundaries.length - 1] as number);
  const th = sql`${stamps(boundaries)}::timestamptz[]`;
  const on = (at: SQL) => (tierId === undefined ? sql`true` : sql`${tierAt(at, last)} = ${tierId}`);
  return queryRows<{ k: number; joined: string; left: string }>(
    db,
    sql`select k, count(*) filter (where joined)::text as joined,
        count(*) filter (where not joined)::text as left
      from (
        select width_bucket(m.start_date, ${th}) as k, true as joined
        from customer_memberships m
        where m.shop_id = ${shopId} and m.start_date >= ${first} and m.start_date < ${last}
          and (${END_AT} is null or ${END_AT} > ${first}) and ${on(sql`m.start_date`)}
        union all
        select width_bucket(${END_AT}, ${th}), false
        from customer_memberships m
        where m.shop_id = ${shopId} and ${END_AT} > ${first} and ${END_AT} < ${last}
          and m.start_date < ${last} and ${on(sql`(${END_AT} - interval '1 millisecond')`)}
      ) x group by 1`,
  );
}

/** The subscriptions read's figures for the buckets between the boundaries (see above). */
export async function subscriptionsFromRollup(
  db: Executor,
  shopId: number,
  boundaries: number[],
  tierId?: number,
): Promise<SubscriptionFigures> {
  const n = boundaries.length - 1;
  const [points, moved, lost, counts] = await Promise.all([
    pointSums(db, shopId, boundaries, tierId),
    movements(db, shopId, boundaries, tierId),
    churn(db, shopId, boundaries, tierId),
    joinedAndLeft(db, shopId, boundaries, tierId),
  ]);
  const buckets: BucketFigures[] = [];
  for (let k = 1; k <= n; k += 1) {
    buckets.push({
      endArr: points.arr[k] as number,
      activeMembers: points.members[k] as number,
      movements: emptyMovements(),
      joined: 0,
      left: 0,
    });
  }
  for (let k = 1; k <= n; k += 1) {
    (buckets[k - 1] as BucketFigures).movements.new += points.firstArr[k] as number;
  }
  for (const r of moved) {
    const b = buckets[r.k - 1] as BucketFigures;
    b.movements[r.kind] += Number(r.cents);
  }
  for (const r of counts) {
    const b = buckets[r.k - 1] as BucketFigures;
    b.joined += Number(r.joined);
    b.left += Number(r.left);
  }
  const startArr = points.arr[0] as number;
  const startMembers = points.members[0] as number;
  return {
    startArr,
    startMembers,
    buckets,
    losses: { atStart: startMembers, startArr, ...lost },
  };
}
