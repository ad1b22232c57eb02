import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerMemberships, type MembershipTier, transactions } from "../../db/schema";
import { queryRows } from "../../infra/db";
import { createTestApp, type TestApp } from "../../test/app";
import { createMerchant, createTier } from "../../test/factories";
import { memberWithHistory } from "./test-history";

/**
 * `membership_price_changes` is kept by triggers on `transactions`. Whatever the writes (one
 * row, many rows, updates, deletes, two transactions on one membership at once), it must hold
 * what the payments say: computed here again in plain code from the transactions.
 */
let t: TestApp;
let shopId: number;
let silver: MembershipTier;
let gold: MembershipTier;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createMerchant(t.database.db);
  shopId = owner.shop?.id as number;
  silver = await createTier(t.database.db, shopId, { name: "Silver", priceCents: 1000 });
  gold = await createTier(t.database.db, shopId, { name: "Gold", priceCents: 2500 });
});
afterAll(() => t.close());

type Change = { membershipId: number; transactionId: number; tierId: number | null; arr: number };

/** The first paid purchase or renewal, and each that changes the tier or the price. */
async function expected(): Promise<Change[]> {
  const rows = await t.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.shopId, shopId));
  const paid = rows
    .filter(
      (r) =>
        r.customerMembershipId !== null &&
        (r.kind === "membership_purchase" || r.kind === "membership_renewal") &&
        (r.status === "succeeded" || r.status === "refunded"),
    )
    .sort(
      (a, b) =>
        (a.customerMembershipId as number) - (b.customerMembershipId as number) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id - b.id,
    );
  const out: Change[] = [];
  let previous: (typeof paid)[number] | undefined;
  for (const r of paid) {
    const arr = (r.priceCents - r.discountCents) * (r.plan === "yearly" ? 1 : 12);
    const first = previous?.customerMembershipId !== r.customerMembershipId;
    const before = previous
      ? (previous.priceCents - previous.discountCents) * (previous.plan === "yearly" ? 1 : 12)
      : 0;
    // As SQL compares: a payment without a tier (deleted since) differs from none before it.
    const otherTier = r.tierId !== null && previous?.tierId !== r.tierId;
    if (first || previous?.tierId == null || otherTier || before !== arr) {
      out.push({
        membershipId: r.customerMembershipId as number,
        transactionId: r.id,
        tierId: r.tierId,
        arr,
      });
    }
    previous = r;
  }
  return out;
}

async function stored(): Promise<Change[]> {
  const rows = await queryRows<{ m: number; t: number; tier: number | null; arr: string }>(
    t.database.db,
    sql`select membership_id as m, transaction_id as t, tier_id as tier, arr_cents as arr
      from membership_price_changes where shop_id = ${shopId}
      order by membership_id, changed_at, transaction_id`,
  );
  return rows.map((r) => ({
    membershipId: Number(r.m),
    transactionId: Number(r.t),
    tierId: r.tier === null ? null : Number(r.tier),
    arr: Number(r.arr),
  }));
}

const renewal = (membershipId: number, customerId: number, tier: MembershipTier, at: string) => ({
  shopId,
  customerId,
  customerName: "Cleo Customer",
  kind: "membership_renewal" as const,
  customerMembershipId: membershipId,
  tierId: tier.id,
  membershipName: tier.name,
  plan: tier.renewal,
  paymentType: "online" as const,
  priceCents: tier.priceCents,
  amountCents: tier.priceCents,
  status: "succeeded" as const,
  transactionBy: "Cleo Customer",
  createdAt: new Date(at),
});

describe("membership price changes", () => {
  it("follows inserts, refunds, failed charges paid later, deletions and a deleted membership", async () => {
    const db = t.database.db;
    const a = await memberWithHistory(db, shopId, [
      {
        payments: [
          { at: "2025-01-01T00:00:00Z", tier: silver },
          { at: "2025-02-01T00:00:00Z", tier: silver },
          { at: "2025-03-01T00:00:00Z", tier: gold, status: "failed" },
          { at: "2025-03-02T00:00:00Z", tier: gold, discountCents: 500 },
          { at: "2025-04-01T00:00:00Z", tier: gold },
        ],
      },
    ]);
    const b = await memberWithHistory(db, shopId, [
      { payments: [{ at: "2025-01-05T00:00:00Z", tier: gold }] },
    ]);
    expect((await stored()).length).toBe(4);
    expect(await stored()).toEqual(await expected());

    const [m] = a.membershipIds as [number];
    // The failed charge is paid after all, then a payment is refunded, one is deleted.
    await db
      .update(transactions)
      .set({ status: "succeeded" })
      .where(
        sql`${transactions.customerMembershipId} = ${m} and ${transactions.status} = 'failed'`,
      );
    expect(await stored()).toEqual(await expected());
    await db
      .update(transactions)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(sql`${transactions.customerMembershipId} = ${m}
        and ${transactions.createdAt} = '2025-04-01T00:00:00Z'`);
    await db.delete(transactions).where(sql`${transactions.customerMembershipId} = ${m}
        and ${transactions.createdAt} = '2025-01-01T00:00:00Z'`);
    expect(await stored()).toEqual(await expected());
    // A payment moved to another membership leaves the first and joins the second.
    await db
      .update(transactions)
      .set({ customerMembershipId: b.membershipIds[0] as number })
      .where(sql`${transactions.customerMembershipId} = ${m}
        and ${transactions.createdAt} = '2025-02-01T00:00:00Z'`);
    expect(await stored()).toEqual(await expected());
    await db.delete(customerMemberships).where(eq(customerMemberships.id, m));
    expect((await stored()).some((c) => c.membershipId === m)).toBe(false);
    expect(await stored()).toEqual(await expected());
  });

  it("stays exact when two transactions write one membership's payments at once", async () => {
    const db = t.database.db;
    const member = await memberWithHistory(db, shopId, [
      { payments: [{ at: "2025-05-01T00:00:00Z", tier: silver }] },
    ]);
    const m = member.membershipIds[0] as number;
    // The first holds its upgrade uncommitted while the second records a later downgrade: on
    // PostgreSQL the second's recomputation must wait and then see the upgrade too.
    const slow = db.transaction(async (tx) => {
      await tx.insert(transactions).values(renewal(m, member.customerId, gold, "2025-06-01Z"));
      await tx.execute(sql`select pg_sleep(0.4)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fast = db
      .insert(transactions)
      .values(renewal(m, member.customerId, silver, "2025-07-01Z"));
    await Promise.all([slow, fast]);
    const mine = (await stored()).filter((c) => c.membershipId === m);
    expect(mine.map((c) => c.tierId)).toEqual([silver.id, gold.id, silver.id]);
    expect(await stored()).toEqual(await expected());
  });
});
