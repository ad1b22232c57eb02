import { getPeriodRange, PERIODS, type Period } from "@tessera/shared";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerMemberships, type MembershipTier, transactions } from "../../db/schema";
import { queryRows } from "../../infra/db";
import { createTier } from "../../test/factories";
import { appForFile, signedInOwner } from "../../test/file-app";
import { cohortCounts } from "./engine";
import { loadHistories } from "./history";
import { boundariesOf } from "./service";
import { memberWithHistory, type Payment, setShopZone } from "./test-history";

/**
 * The cohort read sums the `analytics_cohort_days` rollup (kept by triggers) and reads only the
 * window's cut days member by member. Over randomized histories (seeded), written and then
 * changed (memberships ended, payments deleted, the shop's zone moved), and read at random
 * moments near month ends (where a month step is clamped and the window's edges cut days),
 * every shown figure must equal `cohortCounts` over the histories read from scratch.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SEED = 20261127;
let now = new Date("2025-06-01T00:00:00Z");

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "10000" }, now: () => now });

const ZONES = ["Pacific/Auckland", "America/Los_Angeles", "UTC", "Asia/Kolkata"] as const;

const membershipArb = fc.record({
  monthsBack: fc.integer({ min: 0, max: 14 }),
  day: fc.constantFrom(1, 2, 27, 28, 29, 30, 31),
  hour: fc.integer({ min: 0, max: 23 }),
  tiers: fc.array(fc.nat(2), { minLength: 1, maxLength: 14 }),
  endsAfterDays: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
});
const historyArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  newZone: fc.constantFrom(...ZONES),
  nowMonth: fc.integer({ min: 0, max: 3 }),
  nowHours: fc.integer({ min: -80, max: 80 }),
  customers: fc.array(fc.array(membershipArb, { minLength: 1, maxLength: 2 }), {
    minLength: 1,
    maxLength: 10,
  }),
  endOne: fc.nat(),
  dropFirstPayment: fc.nat(),
});

/** Starts on a given day of a month some months back (clamped), then monthly payments. */
type MembershipPlan = ReturnType<typeof membershipArb.generate>["value"];

function layOut(plans: MembershipPlan[][], tiers: MembershipTier[]) {
  const base = new Date(Date.UTC(2025, 7, 1));
  return plans.map((memberships) => {
    let earliest = 0;
    const out: { payments: Payment[]; endedAt?: Date }[] = [];
    for (const m of memberships) {
      const month = base.getUTCMonth() - m.monthsBack;
      const last = new Date(Date.UTC(base.getUTCFullYear(), month + 1, 0)).getUTCDate();
      const day = Math.min(m.day, last);
      const start = Math.max(Date.UTC(base.getUTCFullYear(), month, day) + m.hour * HOUR, earliest);
      // Payments are recorded as they happen: none after now.
      const payments = m.tiers
        .map((tier, i) => ({
          at: new Date(start + i * 30 * DAY),
          tier: tiers[tier] as MembershipTier,
        }))
        .filter((p) => p.at.getTime() < now.getTime());
      if (payments.length === 0) break;
      const end = m.endsAfterDays === null ? null : start + m.endsAfterDays * DAY;
      out.push({ payments, ...(end !== null ? { endedAt: new Date(end) } : {}) });
      if (end === null) break;
      earliest = end + DAY;
    }
    return out;
  });
}

async function check(shopId: number, zone: string, authorization: string) {
  for (const period of PERIODS as readonly Period[]) {
    for (const tierId of [undefined, ...(await tierIds(shopId))]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v1/analytics/cohorts?timeFilter=${period}${tierId ? `&tierId=${tierId}` : ""}`,
        headers: { authorization },
      });
      expect(res.statusCode).toBe(200);
      const got = res.json().cohorts as { size: number; active: (number | null)[] }[];
      const range = getPeriodRange(period, now, zone);
      const { boundaries } = boundariesOf({ timeZone: zone, at: now, range }, "month");
      const customers = await loadHistories(t.database.db, shopId, range.start, range.end);
      const want = cohortCounts(customers, boundaries, now.getTime(), 12, tierId);
      expect(got.map((row) => row.size)).toEqual(want.map((row) => row.size));
      got.forEach((row, i) => {
        const shown = row.active.map((n, k) => (n === null ? null : want[i]?.active[k]));
        expect(row.active).toEqual(shown);
      });
    }
  }
}

async function tierIds(shopId: number) {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from membership_tiers where shop_id = ${shopId} order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/** The rollup equals its members' rows summed, and a full recomputation changes nothing. */
async function rollupConsistent(shopId: number) {
  const days = () =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select day::text, tier_id, size, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12
        from analytics_cohort_days where shop_id = ${shopId} and size <> 0
        order by day, tier_id`,
    );
  const before = await days();
  await t.database.db.execute(
    sql`select analytics_cohort_refill(${shopId}),
      analytics_cohort_refresh(array(select id from customers where shop_id = ${shopId}))`,
  );
  expect(await days()).toEqual(before);
}

describe("cohort rollup (randomized, seeded)", () => {
  it("gives the from-scratch cohorts after writes, changes and a new time zone", async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        const db = t.database.db;
        now = new Date(Date.UTC(2025, 5 + h.nowMonth, 1) + h.nowHours * HOUR);
        const { shopId, authorization } = await signedInOwner(t);
        await setShopZone(db, shopId, h.zone);
        const tiers = [
          await createTier(db, shopId, { name: "Basic", priceCents: 999 }),
          await createTier(db, shopId, { name: "Plus", priceCents: 2499 }),
          await createTier(db, shopId, {
            name: "Year",
            priceCents: 10_000,
            renewal: "yearly",
            rewardFrequency: "yearly",
          }),
        ];
        const made = [];
        for (const l of layOut(h.customers, tiers))
          made.push(await memberWithHistory(db, shopId, l));
        await check(shopId, h.zone, authorization);
        // Changes after the fact: one membership ends now, one loses its first payment.
        const all = made.flatMap((m) => m.membershipIds);
        const ending = all[h.endOne % all.length] as number;
        // (Never before its start: no flow ends a membership before it began.)
        await db
          .update(customerMemberships)
          .set({
            status: "expired",
            endedAt: sql`greatest(${customerMemberships.startDate} + interval '1 hour', ${new Date(now.getTime() - 5 * DAY)})`,
          })
          .where(eq(customerMemberships.id, ending));
        const dropping = all[h.dropFirstPayment % all.length] as number;
        const [first] = await db
          .select({ id: transactions.id })
          .from(transactions)
          .where(eq(transactions.customerMembershipId, dropping))
          .orderBy(transactions.createdAt, transactions.id)
          .limit(1);
        if (first) await db.delete(transactions).where(eq(transactions.id, first.id));
        await check(shopId, h.zone, authorization);
        await setShopZone(db, shopId, h.newZone);
        await check(shopId, h.newZone, authorization);
        await rollupConsistent(shopId);
      }),
      { seed: SEED, numRuns: 12, endOnFailure: true },
    );
  }, 600_000);

  it("leaves out a joiner whose month, clamped to the month's end, is still to come", async () => {
    const db = t.database.db;
    // Auckland's January ends at 2025-01-31T11:00Z; its cell for one month on is shown from
    // 2025-02-28T11:00Z. A joiner of 2025-01-30T20:00Z (31 January, local) reaches one month
    // on 2025-02-28T20:00Z (the day clamped, the time kept): at 15:00 not yet.
    now = new Date("2025-02-28T15:00:00Z");
    const { shopId, authorization } = await signedInOwner(t);
    await setShopZone(db, shopId, "Pacific/Auckland");
    const silver = await createTier(db, shopId, { name: "Silver", priceCents: 1000 });
    await memberWithHistory(db, shopId, [
      { payments: [{ at: "2025-01-30T20:00:00Z", tier: silver }] },
    ]);
    await memberWithHistory(db, shopId, [
      { payments: [{ at: "2025-01-10T20:00:00Z", tier: silver }] },
    ]);
    await check(shopId, "Pacific/Auckland", authorization);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/analytics/cohorts?timeFilter=6months",
      headers: { authorization },
    });
    const january = res.json().cohorts.find((c: { month: string }) => c.month === "2025-01");
    expect(january.size).toBe(2);
    expect(january.active[0]).toBe(1);
  });

  it("stays exact when two transactions write one customer's memberships at once", async () => {
    const db = t.database.db;
    now = new Date("2025-06-01T00:00:00Z");
    const { shopId, authorization } = await signedInOwner(t);
    const silver = await createTier(db, shopId, { name: "Silver", priceCents: 1000 });
    const gold = await createTier(db, shopId, { name: "Gold", priceCents: 2500 });
    const a = await memberWithHistory(db, shopId, [
      { payments: [{ at: "2025-02-10T00:00:00Z", tier: silver }], endedAt: "2025-03-01Z" },
    ]);
    // The first holds an earlier membership uncommitted (a new first start and tier) while the
    // second ends the existing one later: on PostgreSQL the second must wait and see both.
    const slow = db.transaction(async (tx) => {
      await memberWithHistory(tx as never, shopId, [
        {
          customerId: a.customerId,
          payments: [{ at: "2025-01-05T00:00:00Z", tier: gold }],
          endedAt: "2025-02-01Z",
        },
      ]);
      await tx.execute(sql`select pg_sleep(0.4)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fast = db
      .update(customerMemberships)
      .set({ endedAt: new Date("2025-05-01Z") })
      .where(
        and(
          eq(customerMemberships.customerId, a.customerId),
          eq(customerMemberships.id, a.membershipIds[0] as number),
        ),
      );
    const zone = db.transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await setShopZone(tx as never, shopId, "Pacific/Auckland");
    });
    await Promise.all([slow, fast, zone]);
    await check(shopId, "Pacific/Auckland", authorization);
    await rollupConsistent(shopId);
    const [member] = await queryRows<{ tier_id: number; day: string }>(
      db,
      sql`select tier_id, day::text as day from analytics_cohort_members
        where customer_id = ${a.customerId}`,
    );
    expect(member).toEqual({ tier_id: gold.id, day: "2025-01-05" });
  });
});
