import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { customerMemberships, shops, transactions } from "../../db/schema";
import { createCustomer, createOffer, createTier } from "../../test/factories";
import { appForFile, signedInOwner } from "../../test/file-app";
import { monthKeys } from "../../test/months";

/** 2025-06-10 12:00 in Auckland (NZST, UTC+12); 2025-06-09 17:00 in Los Angeles (PDT, UTC-7). */
const NOW = new Date("2025-06-10T00:00:00Z");
let clock = NOW;

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" }, now: () => clock });
beforeEach(() => {
  clock = NOW;
});

async function shopIn(timeZone: string) {
  const { shopId, authorization } = await signedInOwner(t);
  await t.database.db.update(shops).set({ timeZone }).where(eq(shops.id, shopId));
  return { shopId, authorization };
}

type Kind = (typeof transactions.$inferInsert)["kind"];

async function pay(
  shopId: number,
  at: string,
  cents: number,
  kind: Kind = "membership_purchase",
  extra: Partial<typeof transactions.$inferInsert> = {},
) {
  await t.database.db.insert(transactions).values({
    shopId,
    customerName: "Cleo Customer",
    kind,
    paymentType: "online",
    priceCents: cents + (extra.cashbackUsedCents ?? 0),
    amountCents: cents,
    status: "succeeded",
    transactionBy: "Cleo Customer",
    createdAt: new Date(at),
    ...extra,
  });
}

async function get(authorization: string, url: string) {
  return t.app.inject({ method: "GET", url, headers: { authorization } });
}

/** The same payments, for a shop in either zone (see the expectations per zone below). */
async function seedBoundaryPayments(shopId: number) {
  // Auckland: 1 Jun 00:00 (this month's first instant). Los Angeles: 31 May 05:00.
  await pay(shopId, "2025-05-31T12:00:00Z", 1000);
  // Auckland: 31 May 23:59:59. Los Angeles: 31 May 04:59:59.
  await pay(shopId, "2025-05-31T11:59:59Z", 2000, "membership_renewal");
  // Both zones: the last second of the previous window (same days of last month).
  await pay(shopId, "2025-05-09T23:59:59Z", 500);
  // Both zones: the previous window's end, excluded from it.
  await pay(shopId, "2025-05-10T00:00:00Z", 700);
  // An offer sold one second before now: 3.00 by card plus 2.00 of cashback.
  await pay(shopId, "2025-06-09T23:59:59Z", 300, "offer_purchase", { cashbackUsedCents: 200 });
  // At now: outside the window (its end is exclusive).
  await pay(shopId, "2025-06-10T00:00:00Z", 4000, "offer_purchase");
  // Failed and refunded payments bring nothing in.
  await pay(shopId, "2025-06-05T00:00:00Z", 9999, "membership_purchase", { status: "failed" });
  await pay(shopId, "2025-06-05T00:00:00Z", 8888, "offer_purchase", { status: "refunded" });
}

describe("GET /shop/dashboard-stats", () => {
  it("adds up this month in Auckland, against the same days of last month", async () => {
    const { shopId, authorization } = await shopIn("Pacific/Auckland");
    await seedBoundaryPayments(shopId);
    // Another shop's sale in the window is not counted.
    const other = await shopIn("Pacific/Auckland");
    await pay(other.shopId, "2025-06-05T00:00:00Z", 12345);

    const res = await get(authorization, "/api/v1/shop/dashboard-stats?timeFilter=currentMonth");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({
      totalRecurringRevenue: 10,
      totalRecurringRevenuePercentage: 100,
      newMemberships: 1,
      newMembershipsPercentage: 0,
      activeSubscriptions: 0,
      totalRevenue: 5,
      totalRevenuePercentage: null,
      soldOffers: 1,
      soldOffersPercentage: null,
    });
    expect(body.bucket).toBe("day");
    expect(body.series).toHaveLength(10);
    expect(body.series[0]).toEqual({
      date: "2025-06-01",
      membershipRevenue: 10,
      offerRevenue: 0,
    });
    expect(body.series[9]).toEqual({ date: "2025-06-10", membershipRevenue: 0, offerRevenue: 5 });
    expect(
      body.series
        .slice(1, 9)
        .every(
          (p: { membershipRevenue: number; offerRevenue: number }) =>
            p.membershipRevenue === 0 && p.offerRevenue === 0,
        ),
    ).toBe(true);

    // The default period is this month.
    expect((await get(authorization, "/api/v1/shop/dashboard-stats")).json().stats).toEqual(
      body.stats,
    );
  });

  it("reads the same payments on the Los Angeles calendar", async () => {
    const { shopId, authorization } = await shopIn("America/Los_Angeles");
    await seedBoundaryPayments(shopId);
    const body = (
      await get(authorization, "/api/v1/shop/dashboard-stats?timeFilter=currentMonth")
    ).json();
    // This month starts 1 Jun 07:00 UTC there: the 31 May payments fall before it.
    expect(body.stats).toMatchObject({
      totalRecurringRevenue: 0,
      totalRecurringRevenuePercentage: -100,
      newMemberships: 0,
      newMembershipsPercentage: -100,
      totalRevenue: 5,
      soldOffers: 1,
    });
    expect(body.series.map((p: { date: string }) => p.date)).toEqual([
      "2025-06-01",
      "2025-06-02",
      "2025-06-03",
      "2025-06-04",
      "2025-06-05",
      "2025-06-06",
      "2025-06-07",
      "2025-06-08",
      "2025-06-09",
    ]);
    expect(body.series[8]).toEqual({ date: "2025-06-09", membershipRevenue: 0, offerRevenue: 5 });
  });

  it("charts six months by local month in each zone", async () => {
    const auckland = await shopIn("Pacific/Auckland");
    await seedBoundaryPayments(auckland.shopId);
    const la = await shopIn("America/Los_Angeles");
    await seedBoundaryPayments(la.shopId);
    const a = (
      await get(auckland.authorization, "/api/v1/shop/dashboard-stats?timeFilter=6months")
    ).json();
    expect(a.bucket).toBe("month");
    expect(a.series.map((p: { date: string }) => p.date)).toEqual(monthKeys("2024-12", "2025-06"));
    expect(a.series.at(-2)).toEqual({ date: "2025-05", membershipRevenue: 32, offerRevenue: 0 });
    expect(a.series.at(-1)).toEqual({ date: "2025-06", membershipRevenue: 10, offerRevenue: 5 });
    expect(a.stats.totalRecurringRevenue).toBe(42);
    expect(a.stats.newMemberships).toBe(3);
    const l = (
      await get(la.authorization, "/api/v1/shop/dashboard-stats?timeFilter=6months")
    ).json();
    expect(l.series.at(-2)).toEqual({ date: "2025-05", membershipRevenue: 42, offerRevenue: 0 });
    expect(l.series.at(-1)).toEqual({ date: "2025-06", membershipRevenue: 0, offerRevenue: 5 });
  });

  // Window starts in Auckland for now = 10 Jun 2025 12:00 NZST (hand-computed wall times).
  const STARTS = {
    "30Days": "2025-05-11T00:00:00.000Z", // 11 May 12:00 NZST
    "60Days": "2025-04-11T00:00:00.000Z", // 11 Apr 12:00 NZST (daylight saving ended 6 Apr)
    "6months": "2024-12-09T23:00:00.000Z", // 10 Dec 12:00 NZDT (UTC+13)
    lastYear: "2024-06-10T00:00:00.000Z", // 10 Jun 2024 12:00 NZST
    "1year": "2024-06-10T00:00:00.000Z",
  } as const;

  for (const [period, start] of Object.entries(STARTS)) {
    it(`counts the first instant of ${period} in, the one before in the previous window`, async () => {
      const { shopId, authorization } = await shopIn("Pacific/Auckland");
      await pay(shopId, start, 100);
      await pay(shopId, new Date(new Date(start).getTime() - 1).toISOString(), 1000);
      const res = await get(authorization, `/api/v1/shop/dashboard-stats?timeFilter=${period}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().stats).toMatchObject({
        totalRecurringRevenue: 1,
        totalRecurringRevenuePercentage: -90,
        newMemberships: 1,
        newMembershipsPercentage: 0,
      });
    });
  }

  it("keeps the rolled-up slices right when old rows change or arrive late", async () => {
    const { shopId, authorization } = await shopIn("Pacific/Auckland");
    const stats = async () =>
      (await get(authorization, "/api/v1/shop/dashboard-stats?timeFilter=30Days")).json().stats;
    await pay(shopId, "2025-06-01T03:07:00Z", 1000);
    await pay(shopId, "2025-06-01T03:08:00Z", 500, "offer_purchase");
    // Within the last hour: read from the rows, never rolled up.
    await pay(shopId, "2025-06-09T23:30:00Z", 200);
    expect(await stats()).toMatchObject({ totalRecurringRevenue: 12, totalRevenue: 5 });
    // The first read filled the slices up to 23:00; a refund in a filled slice is seen.
    await t.database.db
      .update(transactions)
      .set({ status: "refunded" })
      .where(and(eq(transactions.shopId, shopId), eq(transactions.amountCents, 1000)));
    expect(await stats()).toMatchObject({ totalRecurringRevenue: 2, newMemberships: 1 });
    // A row that arrives late in a filled slice is counted too, and a deleted one is not.
    await pay(shopId, "2025-06-01T03:01:00Z", 700);
    expect(await stats()).toMatchObject({ totalRecurringRevenue: 9, newMemberships: 2 });
    await t.database.db
      .delete(transactions)
      .where(and(eq(transactions.shopId, shopId), eq(transactions.amountCents, 500)));
    expect(await stats()).toMatchObject({ totalRevenue: 0, soldOffers: 0 });
    // An hour later the last hour's row is in a slice; the figures do not change.
    clock = new Date(NOW.getTime() + 3_600_000);
    expect(await stats()).toMatchObject({ totalRecurringRevenue: 9, newMemberships: 2 });
  });

  it("agrees with the Offers Overview of /offers/stats", async () => {
    const { shopId, authorization } = await shopIn("America/Los_Angeles");
    await seedBoundaryPayments(shopId);
    for (const period of ["currentMonth", "30Days", "6months", "lastYear"]) {
      const dashboard = (
        await get(authorization, `/api/v1/shop/dashboard-stats?timeFilter=${period}`)
      ).json().stats;
      const offers = (await get(authorization, `/api/v1/offers/stats?timeFilter=${period}`)).json()
        .stats;
      expect(dashboard, period).toMatchObject({
        totalRevenue: offers.totalRevenue,
        totalRevenuePercentage: offers.totalRevenuePercentage,
        soldOffers: offers.soldOffers,
        soldOffersPercentage: offers.soldOffersPercentage,
      });
    }
  });

  it("counts the memberships that renew now", async () => {
    const { shopId, authorization } = await shopIn("America/Los_Angeles");
    const tier = await createTier(t.database.db, shopId);
    const statuses = ["active", "pending", "cancelled", "expired"] as const;
    for (const status of statuses) {
      const { customer } = await createCustomer(t.database.db, shopId);
      await t.database.db.insert(customerMemberships).values({
        shopId,
        customerId: customer.id,
        tierId: tier.id,
        plan: "monthly",
        status,
        paymentType: "cash",
        startDate: NOW,
        periodStart: NOW,
        expireDate: new Date("2025-07-10T00:00:00Z"),
      });
    }
    const res = await get(authorization, "/api/v1/shop/dashboard-stats");
    expect(res.json().stats.activeSubscriptions).toBe(2);
  });

  it("refuses an unknown period with the accepted values", async () => {
    const { authorization } = await shopIn("America/Los_Angeles");
    const res = await get(authorization, "/api/v1/shop/dashboard-stats?timeFilter=weekly");
    expect(res.statusCode).toBe(400);
    for (const value of ["currentMonth", "30Days", "60Days", "6months", "lastYear"]) {
      expect(res.json().message).toContain(value);
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/shop/dashboard-stats" })).statusCode,
    ).toBe(401);
  });
});

describe("GET /offers/get-all-offers-dashboard", () => {
  it("lists sold units, revenue and status per offer for the window", async () => {
    const { shopId, authorization } = await shopIn("America/Los_Angeles");
    const db = t.database.db;
    const running = await createOffer(db, shopId, {
      offerName: "Running",
      startDate: "2025-05-01",
    });
    const ended = await createOffer(db, shopId, {
      offerName: "Ended",
      startDate: "2025-05-20",
      endDate: "2025-06-05",
    });
    const deleted = await createOffer(db, shopId, { offerName: "Deleted", status: "cancelled" });
    await createOffer(db, shopId, {
      offerName: "Long gone",
      startDate: "2025-01-01",
      endDate: "2025-02-01",
    });
    const sale = (offerId: number, at: string, cents: number) =>
      pay(shopId, at, cents, "offer_purchase", { offerId, offerName: "x" });
    await sale(running.id, "2025-06-01T07:00:00Z", 500); // 1 Jun 00:00 in LA: in
    await sale(running.id, "2025-06-09T23:59:59Z", 500);
    await sale(running.id, "2025-06-01T06:59:59Z", 500); // 31 May in LA: out
    await sale(deleted.id, "2025-06-03T00:00:00Z", 1500);

    const res = await get(
      authorization,
      "/api/v1/offers/get-all-offers-dashboard?timeFilter=currentMonth",
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().offers).toEqual([
      {
        id: deleted.id,
        offerName: "Deleted",
        startDate: "2025-01-01",
        endDate: "2099-12-31",
        soldOffers: 1,
        revenue: 15,
        status: "Deleted",
      },
      {
        id: running.id,
        offerName: "Running",
        startDate: "2025-05-01",
        endDate: "2099-12-31",
        soldOffers: 2,
        revenue: 10,
        status: "Active",
      },
      {
        id: ended.id,
        offerName: "Ended",
        startDate: "2025-05-20",
        endDate: "2025-06-05",
        soldOffers: 0,
        revenue: 0,
        status: "Expired",
      },
    ]);
    const year = await get(
      authorization,
      "/api/v1/offers/get-all-offers-dashboard?timeFilter=lastYear",
    );
    // Over a year the offer that ended in February ran too; equal revenue: newest first.
    expect(year.json().offers.map((o: { offerName: string }) => o.offerName)).toEqual([
      "Deleted",
      "Running",
      "Long gone",
      "Ended",
    ]);
    expect(
      (await get(authorization, "/api/v1/offers/get-all-offers-dashboard?timeFilter=soon"))
        .statusCode,
    ).toBe(400);
  });
});
