import { addDays, membershipMonthIndex } from "@tessera/shared";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../infra/db";
import { type CustomerHistory, monthsAfter } from "./engine";

const DAY_MS = 86_400_000;
/** How far past a window's end a read moves the horizon when it has to (about three months). */
const HORIZON_AHEAD_MS = 92 * DAY_MS;

export type BenefitCounts = { eligible: number; used: number };
type Benefit = { id: number; tier_id: number };

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Eligible and used member-months per benefit in [from, to) from the rollup (migration
 * 0022_benefit_rollup), the same counts as `benefitCountsFromHistories`:
 * - the whole UTC days strictly inside the window from `analytics_benefit_days` (member-months
 *   per tier as benefit 0, used ones per tier and benefit);
 * - the window's first and last UTC days, cut by its edges, from `analytics_member_months`;
 * - a month counts for a benefit of the tier the membership was on at the month's start, so
 *   rows of another tier (a benefit moved since) are left out.
 * The rows hold the months starting before the shop's horizon: a window ending later moves it
 * forward first (once in about three months; the running memberships' months are added).
 */
export async function benefitCountsFromRollup(
  db: Executor,
  shopId: number,
  benefits: Promise<Benefit[]>,
  from: number,
  to: number,
): Promise<Map<number, BenefitCounts>> {
  const [horizon] = await queryRows<{ until_ms: string }>(
    db,
    sql`select (extract(epoch from until) * 1000)::float8 as until_ms
      from analytics_benefit_horizon where shop_id = ${shopId}`,
  );
  if (!horizon || Number(horizon.until_ms) < to) {
    await db.execute(
      sql`select analytics_benefit_extend(${shopId}, ${new Date(to + HORIZON_AHEAD_MS)})`,
    );
  }
  const firstDay = utcDay(from);
  const lastDay = utcDay(to);
  // The rolled-up days cover [inner, outer): every instant of the days between the two.
  const inner = Math.min(utcMidnight(addDays(firstDay, 1)), to);
  const outer = Math.max(utcMidnight(lastDay), inner);
  const cut = sql`a.shop_id = ${shopId} and ((a.month_start >= ${new Date(from)}
      and a.month_start < ${new Date(inner)}) or (a.month_start >= ${new Date(outer)}
      and a.month_start < ${new Date(to)}))`;
  const rows = await queryRows<{ tier_id: number; benefit_id: number; n: string }>(
    db,
    sql`select tier_id, benefit_id, sum(months)::bigint as n from analytics_benefit_days
        where shop_id = ${shopId} and day > ${firstDay} and day < ${lastDay}
        group by tier_id, benefit_id
      union all
      select a.tier_id, 0, count(*) from analytics_member_months a where ${cut}
        group by a.tier_id
      union all
      select a.tier_id, u.b, count(*) from analytics_member_months a
        cross join lateral unnest(a.used) as u(b) where ${cut}
        group by a.tier_id, u.b`,
  );
  const sums = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.tier_id}:${r.benefit_id}`;
    sums.set(key, (sums.get(key) ?? 0) + Number(r.n));
  }
  return new Map(
    (await benefits).map((b) => [
      b.id,
      {
        eligible: sums.get(`${b.tier_id}:0`) ?? 0,
        used: sums.get(`${b.tier_id}:${b.id}`) ?? 0,
      },
    ]),
  );
}

/**
 * The definition the rollup is checked against (and what the read computed before it): every
 * member-month of the customers' histories whose first instant lies in [from, to), eligible
 * for each benefit of the tier the membership is on at that instant, used when a benefit
 * redemption of that membership, benefit and month exists (`redeemed` holds
 * "membership:benefit:month" keys).
 */
export function benefitCountsFromHistories(
  customers: CustomerHistory[],
  benefits: Benefit[],
  redeemed: Set<string>,
  from: number,
  to: number,
): Map<number, BenefitCounts> {
  const byTier = new Map<number, Benefit[]>();
  for (const b of benefits) byTier.set(b.tier_id, [...(byTier.get(b.tier_id) ?? []), b]);
  const counts = new Map<number, BenefitCounts>();
  for (const b of benefits) counts.set(b.id, { eligible: 0, used: 0 });
  for (const customer of customers) {
    for (const m of customer.memberships) {
      const stop = Math.min(m.end ?? to, to);
      let k = from > m.start ? membershipMonthIndex(new Date(m.start), new Date(from)) : 0;
      for (const monthsOn = monthsAfter(m.start); ; k += 1) {
        const monthStart = monthsOn(k);
        if (monthStart >= stop) break;
        if (monthStart < from) continue;
        let tier = m.segments[0]?.tierId;
        for (const s of m.segments) if (s.at <= monthStart) tier = s.tierId;
        if (tier === undefined) break;
        for (const b of byTier.get(tier) ?? []) {
          const c = counts.get(b.id) as BenefitCounts;
          c.eligible += 1;
          if (redeemed.has(`${m.id}:${b.id}:${k}`)) c.used += 1;
        }
      }
    }
  }
  return counts;
}
