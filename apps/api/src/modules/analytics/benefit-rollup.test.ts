import { addMonthsClamped, getPeriodRange, PERIODS, type Period } from "@tessera/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  customerMemberships,
  type MembershipTier,
  redemptions,
  transactions,
} from "../../db/schema";
import { type Executor, queryRows } from "../../infra/db";
import { createTier } from "../../test/factories";
import { appForFile, signedInOwner } from "../../test/file-app";
import { seededRandom } from "../../test/seeded-random";
import { benefitCountsFromHistories } from "./benefit-use";
import { loadHistories } from "./history";
import * as repo from "./repo";
import { memberWithHistory, monthly, type Payment, setShopZone } from "./test-history";

/**
 * The benefits read sums the `analytics_benefit_days` rollup (kept by triggers) and reads the
 * member-months only for the window's cut UTC days. Over randomized histories (seeded: starts
 * on any day, month ends included, upgrades and downgrades, failed renewals, ended
 * memberships, redemptions of the month's tier and of another), read at random moments, then
 * after later changes (a redemption, an upgrade, a refund, a deletion) and past the horizon,
 * every benefit's eligible and used member-months must equal the walk over every history.
 */
const DAY = 86_400_000;
const SEED = 20261127;
let now = new Date("2026-03-01T00:00:00Z");

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "10000" }, now: () => now }, 180_000);

/** The definition: every customer's history walked month by month. */
async function reference(db: Executor, shopId: number, from: Date, to: Date) {
  const [customers, benefits, redeemed] = await Promise.all([
    loadHistories(db, shopId, from, to),
    repo.listBenefits(db, shopId),
    repo.benefitRedemptionKeys(db, shopId, from),
  ]);
  return benefitCountsFromHistories(customers, benefits, redeemed, from.getTime(), to.getTime());
}

type Shown = { benefitId: number; eligibleMemberMonths: number; redeemedMemberMonths: number };

async function check(shopId: number, zone: string, authorization: string, tierId?: number) {
  for (const period of PERIODS as readonly Period[]) {
    const tier = tierId === undefined ? "" : `&tierId=${tierId}`;
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/analytics/benefits?timeFilter=${period}${tier}`,
      headers: { authorization },
    });
    expect(res.statusCode).toBe(200);
    const range = getPeriodRange(period, now, zone);
    const want = await reference(t.database.db, shopId, range.start, range.end);
    const got = res.json().benefits as Shown[];
    expect(got.length).toBeGreaterThan(0);
    for (const b of got) {
      const w = want.get(b.benefitId);
      expect({
        period,
        id: b.benefitId,
        e: b.eligibleMemberMonths,
        u: b.redeemedMemberMonths,
      }).toEqual({ period, id: b.benefitId, e: w?.eligible, u: w?.used });
    }
  }
}

/** The rows equal a recomputation from scratch, and the day sums equal the rows summed. */
async function rollupConsistent(shopId: number) {
  const db = t.database.db;
  const [diff] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from (
        (select membership_id, k, shop_id, month_start, tier_id, used from analytics_member_months
          where shop_id = ${shopId}
         except all
         select * from analytics_member_month_rows(null, ${shopId}, '-infinity', null))
        union all
        (select * from analytics_member_month_rows(null, ${shopId}, '-infinity', null)
         except all
         select membership_id, k, shop_id, month_start, tier_id, used from analytics_member_months
          where shop_id = ${shopId})) x`,
  );
  expect(Number(diff?.n)).toBe(0);
  const [days] = await queryRows<{ n: string }>(
    db,
    sql`with want as (
        select (month_start at time zone 'UTC')::date as day, tier_id, 0 as benefit_id,
          count(*)::int as months
        from analytics_member_months where shop_id = ${shopId} group by 1, 2
        union all
        select (month_start at time zone 'UTC')::date, tier_id, u.b, count(*)::int
        from analytics_member_months cross join lateral unnest(used) as u(b)
        where shop_id = ${shopId} group by 1, 2, 3
      ), got as (
        select day, tier_id, benefit_id, months from analytics_benefit_days
        where shop_id = ${shopId} and months <> 0
      )
      select count(*) as n from ((select * from want except all select * from got)
        union all (select * from got except all select * from want)) x`,
  );
  expect(Number(days?.n)).toBe(0);
}

type Tiers = (MembershipTier & { benefitIds: number[] })[];

async function shopWithTiers() {
  const db = t.database.db;
  const { shopId, authorization } = await signedInOwner(t);
  const tiers: Tiers = [];
  for (const [name, priceCents, benefits] of [
    ["Silver", 1000, ["Pastry"]],
    ["Gold", 2500, ["Coffee", "Lunch"]],
    ["Platinum", 4000, ["Wine"]],
  ] as const) {
    const tier = await createTier(db, shopId, {
      name,
      priceCents,
      benefits: benefits.map((b) => ({ name: b, worthCents: 300 })),
    });
    const rows = await db.query.membershipBenefits.findMany({
      where: (b, { eq }) => eq(b.tierId, tier.id),
    });
    tiers.push({ ...tier, benefitIds: rows.map((r) => r.id) });
  }
  return { shopId, authorization, tiers };
}

async function redeem(
  db: Executor,
  shopId: number,
  membershipId: number,
  benefitId: number,
  month: number,
  at: Date,
) {
  await (db as typeof t.database.db)
    .insert(redemptions)
    .values({
      shopId,
      customerName: "Cleo Customer",
      redemptionType: "benefit",
      item: "benefit",
      valueCents: 100,
      customerMembershipId: membershipId,
      benefitId,
      membershipMonth: month,
      performedBy: "customer",
      performedByName: "Cleo Customer",
      redemptionDate: at,
    })
    .onConflictDoNothing();
}

/** Random members: 1–12 monthly payments from a start in 2024-03 … 2025-03, redemptions. */
async function randomHistory(shopId: number, tiers: Tiers, rand: () => number, members: number) {
  const db = t.database.db;
  const made: { membershipId: number; start: Date; months: number }[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  for (let i = 0; i < members; i += 1) {
    // One in four starts on the 29th–31st, so months clamp to February's and April's ends.
    const base = Date.parse("2024-03-01T00:00:00Z") + Math.floor(rand() * 365) * DAY;
    const day = new Date(base);
    if (rand() < 0.25) day.setUTCDate(29 + Math.floor(rand() * 3));
    const start = new Date(day.getTime() + Math.floor(rand() * DAY));
    const months = 1 + Math.floor(rand() * 12);
    let tier = pick(tiers);
    const payments: Payment[] = monthly(start.toISOString(), months).map((at, k) => {
      if (k > 0 && rand() < 0.15) tier = pick(tiers);
      return { at, tier, status: k > 0 && rand() < 0.08 ? "failed" : "succeeded" };
    });
    const ended = rand() < 0.35;
    const endedAt = ended
      ? new Date(addMonthsClamped(start, months - 1).getTime() + Math.floor(rand() * 40) * DAY)
      : undefined;
    const { membershipIds } = await memberWithHistory(db, shopId, [{ payments, endedAt }]);
    const membershipId = membershipIds[0] as number;
    made.push({ membershipId, start, months });
    for (let k = 0; k < months; k += 1) {
      if (rand() < 0.5) continue;
      const paid = payments[k] as Payment;
      // Mostly a benefit of that month's paid tier; now and then one of another tier.
      const of = rand() < 0.85 ? paid.tier : pick(tiers);
      const benefitId = pick((of as Tiers[number]).benefitIds);
      const at = new Date(addMonthsClamped(start, k).getTime() + Math.floor(rand() * 20) * DAY);
      await redeem(db, shopId, membershipId, benefitId, k, at);
    }
  }
  return made;
}

describe("benefit use from the rollup", () => {
  it("equals the walk over every history at random moments, after changes, past the horizon", async () => {
    const db = t.database.db;
    const rand = seededRandom(SEED);
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles"]) {
      const { shopId, authorization, tiers } = await shopWithTiers();
      await setShopZone(db, shopId, zone);
      const made = await randomHistory(shopId, tiers, rand, 14);
      for (let i = 0; i < 3; i += 1) {
        now = new Date(Date.parse("2026-03-02T00:00:00Z") + Math.floor(rand() * 90 * DAY));
        await check(shopId, zone, authorization);
      }
      await check(shopId, zone, authorization, tiers[1]?.id);
      await rollupConsistent(shopId);

      // Later changes: a redemption, an upgrade, a refund that ends a membership, a deleted
      // redemption and a deleted membership.
      const [a, b, c, d] = made as [
        (typeof made)[0],
        (typeof made)[0],
        (typeof made)[0],
        (typeof made)[0],
      ];
      const platinum = tiers[2] as Tiers[number];
      await redeem(db, shopId, a.membershipId, platinum.benefitIds[0] as number, 0, a.start);
      await db.insert(transactions).values({
        shopId,
        customerName: "Cleo Customer",
        kind: "membership_renewal",
        customerMembershipId: b.membershipId,
        tierId: platinum.id,
        membershipName: platinum.name,
        plan: "monthly",
        paymentType: "online",
        priceCents: platinum.priceCents,
        amountCents: platinum.priceCents,
        status: "succeeded",
        transactionBy: "Cleo Customer",
        createdAt: addMonthsClamped(b.start, 1),
      });
      await db
        .update(customerMemberships)
        .set({ tierId: platinum.id })
        .where(eq(customerMemberships.id, b.membershipId));
      await db
        .update(transactions)
        .set({ status: "refunded" })
        .where(eq(transactions.customerMembershipId, c.membershipId));
      await db
        .update(customerMemberships)
        .set({ status: "expired", endedAt: addMonthsClamped(c.start, 1) })
        .where(eq(customerMemberships.id, c.membershipId));
      const [gone] = await queryRows<{ id: number }>(
        db,
        sql`select id from redemptions where shop_id = ${shopId} and redemption_type = 'benefit'
          order by id limit 1`,
      );
      await db.delete(redemptions).where(eq(redemptions.id, gone?.id as number));
      await db.delete(customerMemberships).where(and(eq(customerMemberships.id, d.membershipId)));
      await check(shopId, zone, authorization);
      await rollupConsistent(shopId);

      // Years on, past the horizon the migration and the writes set: the read moves it.
      now = new Date("2028-07-15T10:00:00Z");
      await check(shopId, zone, authorization);
      await rollupConsistent(shopId);
      now = new Date("2026-03-01T00:00:00Z");
    }
  }, 600_000);

  it("stays exact when writers touch one membership at once", async () => {
    const db = t.database.db;
    now = new Date("2025-09-01T00:00:00Z");
    const { shopId, authorization, tiers } = await shopWithTiers();
    const [silver, gold] = tiers as [Tiers[number], Tiers[number]];
    await setShopZone(db, shopId, "UTC");
    const { membershipIds } = await memberWithHistory(db, shopId, [
      { payments: monthly("2025-01-31T09:00:00Z", 6).map((at) => ({ at, tier: silver })) },
    ]);
    const id = membershipIds[0] as number;
    // One upgrades the membership from its third month, holding it uncommitted for a moment;
    // the others redeem in that month meanwhile: on PostgreSQL they wait, then see the upgrade.
    const upgrade = db.transaction(async (tx) => {
      await tx
        .update(transactions)
        .set({ tierId: gold.id })
        .where(
          and(
            eq(transactions.customerMembershipId, id),
            sql`${transactions.createdAt} >= '2025-03-31T00:00:00Z'`,
          ),
        );
      await tx.execute(sql`select pg_sleep(0.3)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const writers = [silver.benefitIds[0], gold.benefitIds[0], gold.benefitIds[1]].map(
      (benefitId, i) =>
        db.transaction(async (tx) => {
          await redeem(tx, shopId, id, benefitId as number, 2 + i, new Date("2025-04-01Z"));
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
    );
    await Promise.all([upgrade, ...writers]);
    await rollupConsistent(shopId);
    await check(shopId, "UTC", authorization);
  }, 120_000);
});
