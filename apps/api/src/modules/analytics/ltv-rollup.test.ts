import { getPeriodRange, PERIODS, type Period } from "@tessera/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerMemberships, type MembershipTier } from "../../db/schema";
import { queryRows } from "../../infra/db";
import { appForFile } from "../../test/file-app";
import { seededRandom } from "../../test/seeded-random";
import { loadHistories } from "./history";
import { type LtvTally, ltvFromHistories, ltvFromRollup, rollupFits } from "./lifetime-value";
import { boundariesOf } from "./service";
import { randomHistory, renewOnto, setShopZone, shopWithTiers } from "./test-history";

/**
 * The lifetime-value read sums the `analytics_standing_hours` rollup (kept by triggers) and reads
 * the standing spans only for the hours holding a boundary and the losses that depend on the
 * boundaries. Over randomized histories (seeded: several memberships per customer, comebacks
 * straight away, within days and after months, overlapping memberships, upgrades and
 * downgrades, a yearly tier, failed renewals, ended memberships), read at random moments and at
 * moments that are exactly a start or a price change, then after later changes, the counts must
 * equal the walk over every history, and the rollup must equal a recomputation from scratch.
 */
const DAY = 86_400_000;
const SEED = 20261128;
let now = new Date("2026-03-01T00:00:00Z");

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "10000" }, now: () => now }, 180_000);

const plain = (m: Map<number | null, LtvTally>) =>
  Object.fromEntries(
    [...m.entries()]
      .filter(([, v]) => v.members || v.arr || v.atStart || v.lost)
      .map(([k, v]) => [String(k), v]),
  );

async function check(shopId: number, zone: string) {
  const db = t.database.db;
  for (const period of PERIODS as readonly Period[]) {
    const range = getPeriodRange(period, now, zone);
    const { boundaries } = boundariesOf({ timeZone: zone, at: now, range }, "month");
    expect(rollupFits(boundaries)).toBe(true);
    const customers = await loadHistories(db, shopId, range.start, range.end);
    const want = plain(ltvFromHistories(customers, boundaries));
    const got = plain(await ltvFromRollup(db, shopId, boundaries));
    expect({ period, now: now.toISOString(), got }).toEqual({
      period,
      now: now.toISOString(),
      got: want,
    });
  }
}

/** The spans equal a recomputation from scratch, and the hours equal the spans summed. */
async function rollupConsistent(shopId: number) {
  const db = t.database.db;
  const fresh = sql`(select * from analytics_standing_spans(array(select customer_id
    from customer_memberships where shop_id = ${shopId})) where shop_id = ${shopId})`;
  const [diff] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from (
        (select * from analytics_standings where shop_id = ${shopId} except all ${fresh})
        union all
        (${fresh} except all select * from analytics_standings where shop_id = ${shopId})) x`,
  );
  expect(Number(diff?.n)).toBe(0);
  const [hours] = await queryRows<{ n: string }>(
    db,
    sql`with want as (
        select hour, tier_id, sum(members)::int as members, sum(arr)::bigint as arr,
          sum(lost)::int as lost, sum(first_arr)::bigint as first_arr
        from (
          select date_trunc('hour', from_at, 'UTC') as hour, tier_id, 1 as members,
            arr_cents as arr, 0 as lost, case when first_span then arr_cents else 0 end as first_arr
          from analytics_standings where shop_id = ${shopId}
          union all
          select date_trunc('hour', to_at, 'UTC'), tier_id, -1, -arr_cents, 0, 0
          from analytics_standings where shop_id = ${shopId} and to_at is not null
          union all
          select date_trunc('hour', run_end, 'UTC'), tier_id, 0, 0, 1, 0
          from analytics_standings where shop_id = ${shopId} and lost = 1
        ) x group by 1, 2
        having sum(members) <> 0 or sum(arr) <> 0 or sum(lost) <> 0 or sum(first_arr) <> 0
      ), got as (
        select hour, tier_id, members, arr_cents::bigint as arr, lost, first_arr
        from analytics_standing_hours
        where shop_id = ${shopId} and (members <> 0 or arr_cents <> 0 or lost <> 0 or first_arr <> 0)
      )
      select count(*) as n from ((select * from want except all select * from got)
        union all (select * from got except all select * from want)) x`,
  );
  expect(Number(hours?.n)).toBe(0);
}

describe("lifetime value from the standing rollup", () => {
  it("equals the walk over every history at random and at exact moments, after changes", async () => {
    const db = t.database.db;
    const rand = seededRandom(SEED);
    for (const zone of ["Asia/Kolkata", "America/New_York"]) {
      const { shopId, tiers } = await shopWithTiers(db);
      await setShopZone(db, shopId, zone);
      const instants = await randomHistory(db, shopId, tiers, rand, 25);
      await rollupConsistent(shopId);
      for (let i = 0; i < 3; i += 1) {
        now = new Date(Date.parse("2025-01-01T00:00:00Z") + Math.floor(rand() * 600 * DAY));
        await check(shopId, zone);
      }
      for (let i = 0; i < 3; i += 1) {
        now = instants[Math.floor(rand() * instants.length)] as Date;
        await check(shopId, zone);
      }

      // Later changes: an upgrade by a new renewal, a refunded purchase that ends a membership,
      // a membership moved to another start, and a deleted membership.
      const ids = await queryRows<{ id: number; start: Date }>(
        db,
        sql`select id, start_date as start from customer_memberships where shop_id = ${shopId}
          order by id`,
      );
      const [a, b, c, d] = ids as [
        (typeof ids)[0],
        (typeof ids)[0],
        (typeof ids)[0],
        (typeof ids)[0],
      ];
      const gold = tiers[1] as MembershipTier;
      await renewOnto(db, shopId, a.id, gold, new Date(new Date(a.start).getTime() + 12 * DAY));
      await db
        .update(customerMemberships)
        .set({ status: "expired", endedAt: new Date(new Date(b.start).getTime() + 9 * DAY) })
        .where(eq(customerMemberships.id, b.id));
      await db
        .update(customerMemberships)
        .set({ startDate: new Date(new Date(c.start).getTime() - 40 * DAY) })
        .where(eq(customerMemberships.id, c.id));
      await db.delete(customerMemberships).where(eq(customerMemberships.id, d.id));
      await rollupConsistent(shopId);
      now = new Date("2026-02-14T15:30:00Z");
      await check(shopId, zone);
    }
  }, 600_000);
});
