import { getPeriodRange, PERIODS, type Period } from "@tessera/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerMemberships, type MembershipTier, transactions } from "../../db/schema";
import { type Executor, queryRows } from "../../infra/db";
import { appForFile } from "../../test/file-app";
import { seededRandom } from "../../test/seeded-random";
import { renewalRecoveries } from "./repo";
import { memberWithHistory, monthly, randomHistory, shopWithTiers } from "./test-history";

/**
 * The recoveries read takes its counts from the renewals' rollup (migration 0029); the
 * definition is the statement it replaced, which looks up each failed renewal's neighbours among
 * the membership's renewals (with a tier filter, among that tier's). Over randomized histories,
 * for every period at random moments, with and without a tier filter, and after renewals are
 * added in the middle of a history, paid late, removed, and their membership or tier deleted,
 * both must give the same figures.
 */
const DAY = 86_400_000;
const SEED = 20261130;

async function byNeighbours(db: Executor, shopId: number, start: Date, end: Date, tierId?: number) {
  const tier = (alias: string) =>
    tierId === undefined ? sql`` : sql`and ${sql.raw(alias)}.tier_id = ${tierId}`;
  const renewalOf = (alias: string) =>
    sql`${sql.raw(alias)}.customer_membership_id = f.customer_membership_id
      and ${sql.raw(alias)}.shop_id = ${shopId}
      and ${sql.raw(alias)}.kind = 'membership_renewal' ${tier(alias)}`;
  const [row] = await queryRows<{ failed: string; recovered: string; recovered_cents: string }>(
    db,
    sql`select
        count(*) filter (where f.created_at >= ${start} and p.status is distinct from 'failed')
          as failed,
        count(*) filter (where n.status <> 'failed' and n.created_at >= ${start}) as recovered,
        coalesce(sum(n.amount_cents) filter (where n.status = 'succeeded'
          and n.created_at >= ${start}), 0) as recovered_cents
      from transactions f
      left join lateral (
        select p.status from transactions p where ${renewalOf("p")}
          and (p.created_at, p.id) < (f.created_at, f.id)
        order by p.created_at desc, p.id desc limit 1
      ) p on true
      left join lateral (
        select n.status, n.created_at, n.amount_cents from transactions n where ${renewalOf("n")}
          and (n.created_at, n.id) > (f.created_at, f.id) and n.created_at < ${end}
        order by n.created_at, n.id limit 1
      ) n on true
      where f.shop_id = ${shopId} and f.kind = 'membership_renewal' and f.status = 'failed'
        and f.created_at < ${end} ${tier("f")}`,
  );
  return {
    failed: Number(row?.failed ?? 0),
    recovered: Number(row?.recovered ?? 0),
    recoveredCents: Number(row?.recovered_cents ?? 0),
  };
}

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "10000" } }, 180_000);

async function check(shopId: number, tiers: MembershipTier[], rand: () => number) {
  const db = t.database.db;
  let counted = 0;
  const windows = [{ period: "all", start: new Date("2024-01-01"), end: new Date("2027-01-01") }];
  for (let i = 0; i < 4; i += 1) {
    const now = new Date(Date.parse("2024-10-01T00:00:00Z") + Math.floor(rand() * 700 * DAY));
    for (const period of PERIODS as readonly Period[]) {
      windows.push({ period, ...getPeriodRange(period, now, "Asia/Kolkata") });
    }
  }
  for (const { period, start, end } of windows) {
    for (const tierId of [undefined, ...tiers.map((x) => x.id)]) {
      const want = await byNeighbours(db, shopId, start, end, tierId);
      const got = await renewalRecoveries(db, shopId, start, end, tierId);
      const at = { period, tierId, start: start.toISOString() };
      expect({ ...at, got }).toEqual({ ...at, got: want });
      counted += want.failed + want.recovered;
    }
  }
  return counted;
}

/** Members whose renewals fail often, in runs, on changing tiers: the flags' every case. */
async function failingMembers(
  shopId: number,
  tiers: MembershipTier[],
  rand: () => number,
  count: number,
) {
  const pick = () => tiers[Math.floor(rand() * 2)] as MembershipTier;
  for (let i = 0; i < count; i += 1) {
    const from = new Date(Date.parse("2024-09-01T00:00:00Z") + Math.floor(rand() * 400 * DAY));
    let tier = pick();
    const payments = monthly(from.toISOString(), 4 + Math.floor(rand() * 10)).map((at, k) => {
      if (k > 0 && rand() < 0.3) tier = pick();
      const status = k > 0 && rand() < 0.45 ? ("failed" as const) : ("succeeded" as const);
      return { at, tier, status };
    });
    await memberWithHistory(t.database.db, shopId, [{ payments }]);
  }
}

describe("failed-payment recoveries from the renewals' rollup", () => {
  it("equal the neighbours' reading over random histories, and after later changes", async () => {
    const db = t.database.db;
    const rand = seededRandom(SEED);
    const { shopId, tiers } = await shopWithTiers(db);
    await randomHistory(db, shopId, tiers, rand, 30);
    await failingMembers(shopId, tiers, rand, 25);
    // The histories must hold enough of both for the comparison to mean something.
    expect(await check(shopId, tiers, rand)).toBeGreaterThan(50);

    const renewals = () =>
      db
        .select()
        .from(transactions)
        .where(and(eq(transactions.shopId, shopId), eq(transactions.kind, "membership_renewal")))
        .orderBy(transactions.id);
    const all = await renewals();
    const failed = all.filter((r) => r.status === "failed");
    const [a, b, c] = failed as [(typeof all)[0], (typeof all)[0], (typeof all)[0]];
    // A failed renewal added between two of a history's renewals (after both were written).
    const { id: _id, ...copy } = a;
    await db.insert(transactions).values({
      ...copy,
      createdAt: new Date(a.createdAt.getTime() - 2 * DAY),
      tierId: (tiers[1] as MembershipTier).id,
    });
    // A failure paid after all, and a renewal removed.
    await db.update(transactions).set({ status: "succeeded" }).where(eq(transactions.id, b.id));
    await db.delete(transactions).where(eq(transactions.id, c.id));
    await check(shopId, tiers, rand);

    // A membership deleted (its payments stay, unlinked), and payments left without a tier as
    // a deleted tier leaves them.
    const changed = [a, b, c].map((r) => r.customerMembershipId);
    const other = failed.find((r) => !changed.includes(r.customerMembershipId)) as (typeof all)[0];
    const gone = other.customerMembershipId as number;
    await db.delete(customerMemberships).where(eq(customerMemberships.id, gone));
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from transactions
        where shop_id = ${shopId} and customer_membership_id = ${gone}`,
    );
    expect(left?.n).toBe(0);
    await db
      .update(transactions)
      .set({ tierId: null })
      .where(eq(transactions.tierId, (tiers[0] as MembershipTier).id));
    await check(shopId, tiers, rand);
  }, 600_000);
});
