import { getPeriodRange, PERIODS, type Period, todayInTimeZone } from "@tessera/shared";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerOffers, transactions } from "../../db/schema";
import { type Executor, queryRows } from "../../infra/db";
import { createCustomer, createOffer } from "../../test/factories";
import { appForFile, signedInOwner } from "../../test/file-app";
import { sellOffer, setShopZone } from "./test-history";

/**
 * The offers read sums the `analytics_offer_days` rollup (kept by triggers) and reads the rows
 * only for the window's cut days. Over randomized sales (seeded), written and then changed
 * (refunds voiding a purchase, redemptions, a payment deleted, an offer's row moved to another
 * day), and read at random moments (so the window's edges cut UTC days anywhere), every figure
 * must equal the one computed from the rows themselves.
 */
const HOUR = 3_600_000;
const SEED = 20261128;
let now = new Date("2025-06-01T00:00:00Z");

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "10000" }, now: () => now });

const ZONES = ["Pacific/Auckland", "America/Los_Angeles", "UTC", "Asia/Kolkata"] as const;

/** The figures from every purchase and payment row: the definition the rollup must equal. */
async function fromRows(db: Executor, shopId: number, start: Date, end: Date) {
  const rows = await queryRows<Record<string, string | number | boolean>>(
    db,
    sql`with sales as (
        select offer_id,
          count(*) filter (where purchased_at >= ${start}) as sold,
          count(*) as sold_all_time,
          count(*) filter (where purchased_at >= ${start} and redeemed_at is not null) as redeemed
        from customer_offers
        where shop_id = ${shopId} and voided_at is null and purchased_at < ${end}
        group by offer_id
      ), revenue as (
        select offer_id, sum(amount_cents + cashback_used_cents) as cents
        from transactions
        where shop_id = ${shopId} and kind = 'offer_purchase' and status = 'succeeded'
          and created_at >= ${start} and created_at < ${end}
        group by offer_id
      )
      select o.id, coalesce(s.sold, 0) as sold, coalesce(s.sold_all_time, 0) as sold_all_time,
        coalesce(s.redeemed, 0) as redeemed, coalesce(r.cents, 0) as revenue_cents,
        (r.cents is not null) as paid
      from offers o left join sales s on s.offer_id = o.id left join revenue r on r.offer_id = o.id
      where o.shop_id = ${shopId}`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        sold: Number(r.sold),
        soldAllTime: Number(r.sold_all_time),
        redeemed: Number(r.redeemed),
        revenueCents: Number(r.revenue_cents),
        paid: r.paid === true || r.paid === "t",
      },
    ]),
  );
}

type Shown = { id: number; sold: number; soldAllTime: number; redeemed: number; revenue: number };

async function check(shopId: number, zone: string, authorization: string) {
  for (const period of PERIODS as readonly Period[]) {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/analytics/offers?timeFilter=${period}`,
      headers: { authorization },
    });
    expect(res.statusCode).toBe(200);
    const got = res.json().offers as Shown[];
    const range = getPeriodRange(period, now, zone);
    const want = await fromRows(t.database.db, shopId, range.start, range.end);
    const startDay = todayInTimeZone(zone, range.start);
    const endDay = todayInTimeZone(zone, now);
    const listed = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from offers where shop_id = ${shopId}
        and start_date <= ${endDay} and end_date >= ${startDay}`,
    );
    const running = new Set(listed.map((r) => Number(r.id)));
    const expected = [...want]
      .filter(([id, w]) => w.sold > 0 || w.paid || running.has(id))
      .sort(([ia, a], [ib, b]) => b.revenueCents - a.revenueCents || ib - ia)
      .map(([id, w]) => ({
        id,
        sold: w.sold,
        soldAllTime: w.soldAllTime,
        redeemed: w.redeemed,
        revenue: w.revenueCents / 100,
      }));
    expect(
      got.map(({ id, sold, soldAllTime, redeemed, revenue }) => ({
        id,
        sold,
        soldAllTime,
        redeemed,
        revenue,
      })),
    ).toEqual(expected);
  }
}

/** The rollup equals the rows summed per UTC day from scratch (zero rows aside). */
async function rollupConsistent(shopId: number) {
  const stored = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select offer_id, day::text as day, sold, redeemed, revenue_cents::bigint::text as revenue,
        payments
      from analytics_offer_days
      where shop_id = ${shopId} and (sold <> 0 or redeemed <> 0 or revenue_cents <> 0 or payments <> 0)
      order by day, offer_id`,
  );
  const recount = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select offer_id, day::text as day, sum(sold)::int as sold, sum(redeemed)::int as redeemed,
        sum(revenue_cents)::bigint::text as revenue, sum(payments)::int as payments
      from (
        select offer_id, (purchased_at at time zone 'UTC')::date as day, 1 as sold,
          (redeemed_at is not null)::int as redeemed, 0::bigint as revenue_cents, 0 as payments
        from customer_offers where shop_id = ${shopId} and voided_at is null
        union all
        select offer_id, (created_at at time zone 'UTC')::date, 0, 0,
          (amount_cents + cashback_used_cents)::bigint, 1
        from transactions where shop_id = ${shopId} and kind = 'offer_purchase'
          and status = 'succeeded' and offer_id is not null
      ) f group by offer_id, day
      having sum(sold) <> 0 or sum(redeemed) <> 0 or sum(revenue_cents) <> 0 or sum(payments) <> 0
      order by day, offer_id`,
  );
  expect(stored.map((r) => ({ ...r, offer_id: Number(r.offer_id) }))).toEqual(
    recount.map((r) => ({ ...r, offer_id: Number(r.offer_id) })),
  );
}

const saleArb = fc.record({
  offer: fc.nat(2),
  hoursBack: fc.integer({ min: 0, max: 24 * 400 }),
  amountCents: fc.integer({ min: 0, max: 3000 }),
  cashbackUsedCents: fc.constantFrom(0, 0, 150),
  redeemed: fc.boolean(),
  refunded: fc.boolean(),
});
const historyArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  nowHours: fc.integer({ min: 0, max: 24 * 60 }),
  sales: fc.array(saleArb, { minLength: 1, maxLength: 12 }),
  refundLater: fc.nat(),
  redeemLater: fc.nat(),
  deletePayment: fc.nat(),
  moveHours: fc.integer({ min: -48, max: 48 }),
});

describe("offer rollup (randomized, seeded)", () => {
  it("gives the figures of the rows after sales, refunds, redemptions and moved rows", async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        const db = t.database.db;
        now = new Date(Date.UTC(2025, 4, 1) + h.nowHours * HOUR);
        const { shopId, authorization } = await signedInOwner(t);
        await setShopZone(db, shopId, h.zone);
        const offers = [
          await createOffer(db, shopId, { offerName: "Cake box", isLimited: true, quantity: 20 }),
          await createOffer(db, shopId, { offerName: "Tea flight", startDate: "2024-01-01" }),
          await createOffer(db, shopId, {
            offerName: "Old one",
            startDate: "2023-01-01",
            endDate: "2023-12-31",
          }),
        ];
        const buyer = (await createCustomer(db, shopId)).customer.id;
        const made: { transactionId: number; saleId: number }[] = [];
        for (const s of h.sales) {
          const offer = offers[s.offer] as (typeof offers)[number];
          const at = new Date(now.getTime() - s.hoursBack * HOUR - 17 * 60_000);
          made.push(await sellOffer(db, shopId, buyer, offer, { ...s, at }));
        }
        await rollupConsistent(shopId);
        await check(shopId, h.zone, authorization);
        // Changes after the fact: a refund, a redemption, a deleted payment, a moved purchase.
        const pick = (n: number) => made[n % made.length] as (typeof made)[number];
        const refunded = pick(h.refundLater);
        await db
          .update(transactions)
          .set({ status: "refunded" })
          .where(eq(transactions.id, refunded.transactionId));
        await db
          .update(customerOffers)
          .set({ voidedAt: now })
          .where(eq(customerOffers.id, refunded.saleId));
        await db
          .update(customerOffers)
          .set({ redeemedAt: now })
          .where(eq(customerOffers.id, pick(h.redeemLater).saleId));
        const moved = pick(h.deletePayment + 1);
        await db
          .update(customerOffers)
          .set({ purchasedAt: sql`purchased_at + make_interval(hours => ${h.moveHours})` })
          .where(eq(customerOffers.id, moved.saleId));
        await db
          .delete(transactions)
          .where(eq(transactions.id, pick(h.deletePayment).transactionId));
        await rollupConsistent(shopId);
        await check(shopId, h.zone, authorization);
      }),
      { seed: SEED, numRuns: 15, endOnFailure: true },
    );
  }, 600_000);

  it("stays exact when many transactions sell the same offer on the same day at once", async () => {
    const db = t.database.db;
    now = new Date("2025-06-01T12:00:00Z");
    const { shopId, authorization } = await signedInOwner(t);
    const offer = await createOffer(db, shopId, { offerName: "Cake box" });
    const buyer = (await createCustomer(db, shopId)).customer.id;
    const first = await sellOffer(db, shopId, buyer, offer, {
      at: new Date("2025-05-20T10:00:00Z"),
      amountCents: 500,
      cashbackUsedCents: 0,
      redeemed: false,
      refunded: false,
    });
    // Each holds its day row's increment uncommitted for a moment: on PostgreSQL the others
    // wait on that row and then add theirs to what it committed.
    const writers = Array.from({ length: 8 }, (_, i) =>
      db.transaction(async (tx) => {
        await sellOffer(tx as never, shopId, buyer, offer, {
          at: new Date(Date.parse("2025-05-20T11:00:00Z") + i * 60_000),
          amountCents: 100 + i,
          cashbackUsedCents: i % 2 === 0 ? 0 : 150,
          redeemed: i % 3 === 0,
          refunded: false,
        });
        if (i === 3) {
          await tx
            .update(customerOffers)
            .set({ redeemedAt: now })
            .where(eq(customerOffers.id, first.saleId));
        }
        await tx.execute(sql`select pg_sleep(0.05)`);
      }),
    );
    await Promise.all(writers);
    await rollupConsistent(shopId);
    await check(shopId, "UTC", authorization);
    const [day] = await queryRows<{ sold: number; redeemed: number; revenue: string }>(
      db,
      sql`select sold, redeemed, revenue_cents::text as revenue from analytics_offer_days
        where shop_id = ${shopId} and day = '2025-05-20'`,
    );
    // 9 sales; redeemed: the first (later) and writers 0, 3, 6; 500 + Σ(100 + i) + 4 × 150.
    expect(day).toEqual({ sold: 9, redeemed: 4, revenue: String(500 + 828 + 600) });
  });
});
