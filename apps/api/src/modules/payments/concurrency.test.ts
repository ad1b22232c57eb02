import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashbackLedger, checkouts, customerOffers, transactions } from "../../db/schema";
import type { TestApp } from "../../test/app";
import { createOffer, giveCashback, loginAs } from "../../test/factories";
import type { FakeFortis } from "../../test/fake-fortis";
import { type ProviderName, type paymentsKit, useProviderApp } from "../../test/payments-kit";
import { balanceCents } from "../wallet/wallet";

/**
 * Money under concurrency, on whichever database the suite runs on (CI repeats it on
 * PostgreSQL, where requests really overlap; PGlite serialises them).
 */
describe.each<ProviderName>(["sandbox", "fortis"])("money under concurrency (%s)", (name) => {
  let t: TestApp;
  let fake: FakeFortis | null;
  let kit: ReturnType<typeof paymentsKit>;

  useProviderApp(name, {}, (app) => ({ t, fake, kit } = app));

  async function ledgerSum(shopId: number, customerId: number) {
    const rows = await t.database.db
      .select()
      .from(cashbackLedger)
      .where(and(eq(cashbackLedger.shopId, shopId), eq(cashbackLedger.customerId, customerId)));
    return rows.reduce((sum, row) => sum + row.amountCents, 0);
  }

  it("answers 10 parallel card purchases by one customer without a deadlock (was 6 × 500)", async () => {
    const { shopId } = await kit.connectedShop();
    const offer = await createOffer(t.database.db, shopId, { offerPriceCents: 400 });
    const who = await kit.customerOf(shopId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => kit.purchaseOffer(who, offer.id, 0)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const open = await t.database.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.customerId, who.customer.id), eq(checkouts.status, "open")));
    expect(open).toHaveLength(10);
  });

  it("grants one payment completed 10 times at once, through completion and postback", async () => {
    const { who, checkout } = await kit.offerCheckout({ offerPriceCents: 650 });
    const paid = await kit.pay(checkout.client_token);
    const postback = () =>
      t.app.services.payments.onboarding.handlePostback({
        type: "Transaction",
        data: { id: paid, location_id: fake?.merchant.locationId },
      });
    const calls = Array.from({ length: 10 }, (_, i) =>
      fake && i % 2 === 1 ? postback() : kit.complete(who.headers, checkout.checkoutId, paid),
    );
    const settled = await Promise.allSettled(calls);
    for (const result of settled) {
      expect(result.status).toBe("fulfilled");
      if (result.status === "fulfilled" && "statusCode" in result.value) {
        expect(result.value.statusCode, result.value.body).toBe(200);
      }
    }
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, who.customer.id));
    expect(rows).toMatchObject([{ status: "succeeded", providerReference: paid }]);
    const granted = await t.database.db
      .select()
      .from(customerOffers)
      .where(eq(customerOffers.customerId, who.customer.id));
    expect(granted).toHaveLength(1);
  });

  it("never overdraws when a checkout paid partly with cashback races a counter payout", async () => {
    const { merchant, shopId } = await kit.connectedShop();
    const owner = await loginAs(t.app, merchant);
    const offer = await createOffer(t.database.db, shopId, {
      offerPriceCents: 1000,
      originalPriceCents: 2000,
    });
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const who = await kit.customerOf(shopId);
      await giveCashback(t.database.db, { shopId, customerId: who.customer.id }, 500);
      const opened = await kit.purchaseOffer(who, offer.id, 5);
      expect(opened.statusCode, opened.body).toBe(200);
      const checkout = opened.json().data as { checkoutId: string; client_token: string };
      const paid = await kit.pay(checkout.client_token);
      const [completion, payout] = await Promise.all([
        kit.complete(who.headers, checkout.checkoutId, paid),
        t.app.inject({
          method: "POST",
          url: `/api/v1/merchant-redemptions/create-cashback-redemption?customerId=${who.customer.id}&price=5`,
          headers: { authorization: owner.authorization },
        }),
      ]);
      expect([200, 201, 400, 409, 422]).toContain(completion.statusCode);
      expect([201, 400]).toContain(payout.statusCode);
      // Exactly one of the two spent the $5.
      expect((completion.statusCode === 200) !== (payout.statusCode === 201)).toBe(true);
      outcomes.push(completion.statusCode === 200 ? "checkout" : "payout");
      const balance = await balanceCents(t.database.db, shopId, who.customer.id);
      expect(balance).toBe(0);
      expect(await ledgerSum(shopId, who.customer.id)).toBe(balance);
    }
    expect(outcomes).toHaveLength(4);
  });

  it("sells exactly 10 of a 10-unit offer to 50 parallel buyers, 2 per customer at most", async () => {
    const { shopId } = await kit.connectedShop();
    const offer = await createOffer(t.database.db, shopId, {
      offerPriceCents: 300,
      isLimited: true,
      quantity: 10,
      isLimitedPerUser: true,
      limitPerUser: 2,
    });
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const who = await kit.customerOf(shopId);
        await giveCashback(t.database.db, { shopId, customerId: who.customer.id }, 1500);
        return who;
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const who = buyers[i % buyers.length] as (typeof buyers)[number];
        return kit.purchaseOffer(who, offer.id, 3);
      }),
    );
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const sold = await t.database.db
      .select()
      .from(customerOffers)
      .where(and(eq(customerOffers.offerId, offer.id), isNull(customerOffers.voidedAt)));
    expect(sold).toHaveLength(10);
    const perCustomer = new Map<number, number>();
    for (const row of sold)
      perCustomer.set(row.customerId, (perCustomer.get(row.customerId) ?? 0) + 1);
    expect(Math.max(...perCustomer.values())).toBeLessThanOrEqual(2);
  });
});
