import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashbackLedger, redemptions } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import {
  createCustomer,
  createMerchant,
  createOffer,
  createTier,
  loginAs,
} from "../../test/factories";
import { signedInStaff } from "../../test/file-app";
import { monthKeys } from "../../test/months";
import { memberWithHistory, monthly, sellOffer, setShopZone } from "./test-history";

/**
 * A hand-built history in Auckland (NZDT +13 until 6 April 2025, then NZST +12), read on
 * 10 June 2025 at noon local time with "Last 6 months": the window starts 10 Dec 2024 12:00
 * local (2024-12-09T23:00Z). docs/analytics.md walks through the same figures.
 */
const NOW = new Date("2025-06-10T00:00:00Z");

let t: TestApp;
let authorization: string;
let shopId: number;
let gold: { id: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "1000" }, now: () => NOW });
  const db = t.database.db;
  const owner = await createMerchant(db);
  shopId = owner.shop?.id as number;
  await setShopZone(db, shopId, "Pacific/Auckland");
  ({ authorization } = await loginAs(t.app, owner));
  const silver = await createTier(db, shopId, {
    name: "Silver",
    priceCents: 1000,
    benefits: [{ name: "Free pastry", worthCents: 300 }],
  });
  const goldTier = await createTier(db, shopId, {
    name: "Gold",
    priceCents: 2500,
    benefits: [{ name: "Free coffee", worthCents: 450 }],
  });
  gold = goldTier;
  const annual = await createTier(db, shopId, {
    name: "Annual",
    priceCents: 12000,
    renewal: "yearly",
    benefits: [],
  });
  ids.silver = silver.id;
  ids.gold = goldTier.id;
  ids.annual = annual.id;
  const pay = (at: Date | string, tier = silver, status?: "failed" | "refunded") => ({
    at,
    tier,
    ...(status ? { status } : {}),
  });
  // A: joins Silver at 00:30 on 1 Feb local (still January in UTC), upgrades to Gold at the
  // renewal of 1 Apr local.
  const a = await memberWithHistory(db, shopId, [
    {
      payments: [
        ...monthly("2025-01-31T11:30:00Z", 2).map((at) => pay(at)),
        pay("2025-03-31T11:30:00Z", goldTier),
        pay("2025-04-30T11:30:00Z", goldTier),
        pay("2025-05-31T11:30:00Z", goldTier),
      ],
    },
  ]);
  // B: Gold since before the window, downgrades to Silver on 15 Feb, gone on 15 Apr.
  const b = await memberWithHistory(db, shopId, [
    {
      payments: [
        ...monthly("2024-11-15T00:00:00Z", 3).map((at) => pay(at, goldTier)),
        ...monthly("2025-02-15T00:00:00Z", 2).map((at) => pay(at)),
      ],
      endedAt: "2025-04-15T00:00:00Z",
    },
  ]);
  // C: a yearly plan, $120 a year = $10 of MRR.
  await memberWithHistory(db, shopId, [{ payments: [pay("2025-03-10T00:00:00Z", annual)] }]);
  // D: Silver since October; May's renewal failed and was paid the next day.
  const d = await memberWithHistory(db, shopId, [
    {
      payments: [
        ...monthly("2024-10-05T00:00:00Z", 7).map((at) => pay(at)),
        pay("2025-05-05T00:00:00Z", silver, "failed"),
        pay("2025-05-06T00:00:00Z"),
        pay("2025-06-05T00:00:00Z"),
      ],
    },
  ]);
  // E: joins in January; March's renewal fails twice and the membership expires.
  const e = await memberWithHistory(db, shopId, [
    {
      payments: [
        ...monthly("2025-01-05T00:00:00Z", 2).map((at) => pay(at)),
        pay("2025-03-05T00:00:00Z", silver, "failed"),
        pay("2025-03-06T00:00:00Z", silver, "failed"),
      ],
      endedAt: "2025-03-08T00:00:00Z",
    },
  ]);
  // F: a member last summer who comes back on Gold in May (reactivated).
  const f = await memberWithHistory(db, shopId, [
    {
      payments: monthly("2024-06-01T00:00:00Z", 3).map((at) => pay(at)),
      endedAt: "2024-09-01T00:00:00Z",
    },
  ]);
  const f2 = await memberWithHistory(db, shopId, [
    { payments: [pay("2025-05-20T00:00:00Z", goldTier)], customerId: f.customerId },
  ]);
  // G: joins Gold on 10 Apr and is refunded the next day.
  const g = await memberWithHistory(db, shopId, [
    {
      payments: [pay("2025-04-10T00:00:00Z", goldTier, "refunded")],
      endedAt: "2025-04-11T00:00:00Z",
    },
  ]);

  // Benefit redemptions: (membership, benefit, membership month).
  const goldCoffee = await benefitOf(goldTier.id);
  const silverPastry = await benefitOf(silver.id);
  const redeem = (
    who: { customerId: number; membershipIds: number[] },
    benefitId: number,
    month: number,
    at: string,
    m = 0,
  ) =>
    db.insert(redemptions).values({
      shopId,
      customerId: who.customerId,
      customerName: "Cleo Customer",
      redemptionType: "benefit",
      item: "benefit",
      valueCents: 100,
      customerMembershipId: who.membershipIds[m] as number,
      benefitId,
      membershipMonth: month,
      performedBy: "customer",
      performedByName: "Cleo Customer",
      redemptionDate: new Date(at),
    });
  await redeem(a, goldCoffee, 2, "2025-04-02T00:00:00Z");
  await redeem(a, goldCoffee, 3, "2025-05-02T00:00:00Z");
  await redeem(b, goldCoffee, 1, "2024-12-20T00:00:00Z");
  await redeem(b, goldCoffee, 0, "2024-11-20T00:00:00Z"); // before the window
  await redeem(d, silverPastry, 3, "2025-01-06T00:00:00Z");
  await redeem(d, silverPastry, 7, "2025-05-07T00:00:00Z");
  await redeem(f2, goldCoffee, 0, "2025-05-21T00:00:00Z");

  // Cashback: credited, spent, taken back; one credit before the window.
  const ledger = (
    customerId: number,
    amountCents: number,
    kind: "reward" | "redemption" | "reversal",
    at: string,
  ) =>
    db.insert(cashbackLedger).values({
      shopId,
      customerId,
      amountCents,
      kind,
      description: kind,
      createdAt: new Date(at),
    });
  await ledger(d.customerId, 300, "reward", "2024-11-05T00:00:00Z");
  await ledger(a.customerId, 200, "reward", "2025-02-01T00:00:00Z");
  await ledger(g.customerId, 100, "reward", "2025-04-10T00:00:00Z");
  await ledger(g.customerId, -100, "reversal", "2025-04-11T00:00:00Z");
  await ledger(d.customerId, -250, "redemption", "2025-05-10T00:00:00Z");
  await ledger(e.customerId, 1500, "reward", "2025-03-10T00:00:00Z");

  // Offers: a limited one (10 units) with sales in and before the window, an unsold one.
  const limited = await createOffer(db, shopId, {
    offerName: "Cake box",
    isLimited: true,
    quantity: 10,
    startDate: "2024-10-01",
  });
  await createOffer(db, shopId, { offerName: "Tea flight", startDate: "2025-01-01" });
  const buyer = (await createCustomer(db, shopId)).customer.id;
  const sale = (
    at: string,
    redeemed: boolean,
    refunded: boolean,
    amountCents: number,
    cashbackUsedCents: number,
  ) =>
    sellOffer(db, shopId, buyer, limited, {
      at: new Date(at),
      amountCents,
      cashbackUsedCents,
      redeemed,
      refunded,
    });
  await sale("2024-11-01T00:00:00Z", true, false, 600, 0);
  await sale("2025-02-01T00:00:00Z", true, false, 500, 100);
  await sale("2025-03-01T00:00:00Z", false, false, 500, 0);
  await sale("2025-03-02T00:00:00Z", false, true, 600, 0);
});
afterAll(() => t.close());

async function benefitOf(tierId: number): Promise<number> {
  const rows = await t.database.db.query.membershipBenefits.findMany({
    where: (b, { eq }) => eq(b.tierId, tierId),
  });
  return rows[0]?.id as number;
}

async function read(path: string, query = "timeFilter=6months", auth = authorization) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/analytics/${path}?${query}`,
    headers: { authorization: auth },
  });
  return { status: res.statusCode, body: res.json() };
}

describe("GET /analytics/subscriptions", () => {
  it("computes MRR, its movements month by month in the shop's zone, churn and recoveries", async () => {
    const { status, body } = await read("subscriptions");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      bucket: "month",
      mrrAtStart: 35,
      mrr: 70,
      arr: 840,
      activeMembersAtStart: 2,
      activeMembers: 4,
      movements: { new: 30, expansion: 15, contraction: -15, churned: -20, reactivated: 25 },
      churn: { membersLost: 1, logoChurnRate: 50, mrrLost: 25, revenueChurnRate: 71.43 },
      recoveries: { failedRenewals: 2, recovered: 1, recoveredRevenue: 10, recoveryRate: 50 },
    });
    const row = (date: string) => body.series.find((p: { date: string }) => p.date === date);
    expect(body.series.map((p: { date: string }) => p.date)).toEqual(
      monthKeys("2024-12", "2025-06"),
    );
    expect(body.series.map((p: { mrr: number }) => p.mrr)).toEqual([35, 45, 40, 40, 45, 70, 70]);
    expect(body.series.map((p: { activeMembers: number }) => p.activeMembers)).toEqual([
      2, 3, 4, 4, 3, 4, 4,
    ]);
    // A joined at 00:30 on 1 February local time: February, not January (UTC's month).
    expect(row("2025-01")).toMatchObject({ joined: 1, left: 0, new: 10 });
    expect(row("2025-02")).toMatchObject({ joined: 1, new: 10, contraction: -15 });
    expect(row("2025-03")).toMatchObject({ joined: 1, left: 1, new: 10, churned: -10 });
    // G joined and left within April: counted as joined and left, no MRR movement.
    expect(row("2025-04")).toMatchObject({
      joined: 1,
      left: 2,
      expansion: 15,
      churned: -10,
      new: 0,
    });
    expect(row("2025-05")).toMatchObject({ joined: 1, reactivated: 25 });
  });

  it("filters by tier: moving into or out of the tier is expansion or contraction", async () => {
    const { body } = await read("subscriptions", `timeFilter=6months&tierId=${gold.id}`);
    expect(body).toMatchObject({
      mrrAtStart: 25,
      mrr: 50,
      movements: { new: 0, expansion: 25, contraction: -25, churned: 0, reactivated: 25 },
      churn: { membersLost: 1, logoChurnRate: 100, mrrLost: 25, revenueChurnRate: 100 },
      recoveries: { failedRenewals: 0, recovered: 0, recoveryRate: null },
    });
    expect(body.series.map((p: { joined: number }) => p.joined)).toEqual([0, 0, 0, 0, 1, 1, 0]);
  });

  it("charts by day for a short window", async () => {
    const { body } = await read("subscriptions", "timeFilter=currentMonth");
    expect(body.bucket).toBe("day");
    expect(body.series).toHaveLength(10);
    expect(body.series[0].date).toBe("2025-06-01");
    expect(body).toMatchObject({ mrrAtStart: 70, mrr: 70 });
  });

  it("refuses a tier of another shop and a bad period with 4xx", async () => {
    const other = await createMerchant(t.database.db);
    const foreign = await createTier(t.database.db, other.shop?.id as number);
    expect((await read("subscriptions", `tierId=${foreign.id}`)).status).toBe(404);
    expect((await read("subscriptions", "tierId=abc")).status).toBe(400);
    expect((await read("cohorts", "timeFilter=week")).status).toBe(400);
  });

  it("lets the shop's staff read, as the dashboard does, and nobody else", async () => {
    const { authorization: staffAuth } = await signedInStaff(t, shopId);
    expect((await read("offers", "timeFilter=6months", staffAuth)).status).toBe(200);
    const res = await t.app.inject({ method: "GET", url: "/api/v1/analytics/offers" });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /analytics/cohorts", () => {
  it("groups members by the local month they first joined", async () => {
    const { body } = await read("cohorts");
    const sizes = body.cohorts.map((c: { size: number }) => c.size);
    expect(sizes).toEqual([0, 1, 1, 1, 1, 0, 0]);
    const month = (m: string) => body.cohorts.find((c: { month: string }) => c.month === m);
    const nulls = (n: number) => Array.from({ length: n }, () => null);
    expect(month("2025-01").retention).toEqual([100, 100, 0, 0, ...nulls(8)]);
    expect(month("2025-02").retention).toEqual([100, 100, 100, ...nulls(9)]);
    expect(month("2025-03").active).toEqual([1, 1, ...nulls(10)]);
    expect(month("2025-04").retention).toEqual([0, ...nulls(11)]);
    expect(month("2025-05").retention).toEqual(nulls(12));
  });
});

describe("GET /analytics/lifetime-value", () => {
  it("divides ARPU by the monthly churn of each tier", async () => {
    const { body } = await read("lifetime-value");
    const tier = (name: string) =>
      body.tiers.find((r: { tierName: string }) => r.tierName === name);
    expect(tier("Silver")).toEqual({
      tierId: ids.silver,
      tierName: "Silver",
      members: 1,
      mrr: 10,
      arpu: 10,
      monthlyChurnRate: 15.38,
      ltv: 65,
    });
    expect(tier("Gold")).toMatchObject({
      members: 2,
      mrr: 50,
      arpu: 25,
      monthlyChurnRate: 0,
      ltv: null,
    });
    expect(tier("Annual")).toMatchObject({ members: 1, mrr: 10, arpu: 10, ltv: null });
    expect(tier("All tiers")).toMatchObject({
      members: 4,
      mrr: 70,
      arpu: 17.5,
      monthlyChurnRate: 9.09,
      ltv: 192.5,
    });
  });
});

describe("GET /analytics/benefits", () => {
  it("counts eligible member-months and those with a redemption, and the cashback owed", async () => {
    const { body } = await read("benefits");
    expect(body.benefits).toEqual([
      expect.objectContaining({
        tierName: "Silver",
        benefitName: "Free pastry",
        eligibleMemberMonths: 13,
        redeemedMemberMonths: 2,
        useRate: 15.38,
      }),
      expect.objectContaining({
        tierName: "Gold",
        benefitName: "Free coffee",
        eligibleMemberMonths: 7,
        redeemedMemberMonths: 4,
        useRate: 57.14,
      }),
    ]);
    expect(body.cashback).toEqual({ earned: 18, redeemed: 2.5, reversed: 1, liability: 17.5 });
  });
});

describe("GET /analytics/offers", () => {
  it("gives sell-through, revenue and the redemption rate of sold offers", async () => {
    const { body } = await read("offers");
    expect(body.offers).toEqual([
      expect.objectContaining({
        offerName: "Cake box",
        quantity: 10,
        sold: 2,
        soldAllTime: 3,
        sellThrough: 30,
        revenue: 11,
        redeemed: 1,
        redemptionRate: 50,
      }),
      expect.objectContaining({
        offerName: "Tea flight",
        quantity: null,
        sold: 0,
        sellThrough: null,
        revenue: 0,
        redemptionRate: null,
      }),
    ]);
  });
});
