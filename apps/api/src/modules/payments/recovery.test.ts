import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkouts, customerMemberships, customerOffers, transactions } from "../../db/schema";
import type { TestApp } from "../../test/app";
import { createTier } from "../../test/factories";
import type { FakeFortis } from "../../test/fake-fortis";
import { type ProviderName, type paymentsKit, useProviderApp } from "../../test/payments-kit";
import { recoverCheckouts } from "./recovery";

const MINUTE = 60 * 1000;

describe.each<ProviderName>(["sandbox", "fortis"])("checkout recovery (%s)", (name) => {
  let t: TestApp;
  let fake: FakeFortis | null;
  let kit: ReturnType<typeof paymentsKit>;
  let current = new Date();
  const clock = () => current;

  useProviderApp(name, { now: clock }, (app) => ({ t, fake, kit } = app));

  const sweep = () =>
    recoverCheckouts({ db: t.database.db, payments: t.app.services.payments, now: clock });

  /** The sweep, run when `minutes` more have passed. */
  function sweepAfter(minutes: number) {
    current = new Date(current.getTime() + minutes * MINUTE);
    return sweep();
  }

  async function statusOf(checkoutId: string) {
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    return row?.status;
  }

  async function paymentsOf(customerId: number) {
    return t.database.db.select().from(transactions).where(eq(transactions.customerId, customerId));
  }

  it("grants a paid offer whose completion never arrived, once, and the late completion agrees", async () => {
    const { offer, who, checkout } = await kit.offerCheckout({ offerPriceCents: 700 });
    const paid = await kit.pay(checkout.client_token);
    // The server died here: the card was charged, the completion call never came.
    const first = await sweepAfter(3);
    expect(first.completed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(checkout.checkoutId)).toBe("completed");
    const granted = await t.database.db
      .select()
      .from(customerOffers)
      .where(
        and(eq(customerOffers.customerId, who.customer.id), eq(customerOffers.offerId, offer.id)),
      );
    expect(granted).toHaveLength(1);
    expect(await paymentsOf(who.customer.id)).toMatchObject([
      { status: "succeeded", amountCents: 700, providerReference: paid },
    ]);

    // The browser comes back late: same answer, nothing granted twice.
    const late = await kit.complete(who.headers, checkout.checkoutId, paid);
    expect(late.statusCode, late.body).toBe(200);
    await sweep();
    expect(await paymentsOf(who.customer.id)).toHaveLength(1);
  });

  it("refunds a paid membership that can no longer be granted", async () => {
    const { shopId } = await kit.connectedShop();
    const tier = await createTier(t.database.db, shopId, { priceCents: 1500 });
    const who = await kit.customerOf(shopId);
    const body = { shopId, customerId: who.customer.id, type: "membership", membershipId: tier.id };
    const abandoned = await kit.open(who.headers, body);
    const abandonedPayment = await kit.pay(abandoned.client_token);
    // Meanwhile the same customer bought the membership in another tab.
    const other = await kit.open(who.headers, body);
    const done = await kit.complete(
      who.headers,
      other.checkoutId,
      await kit.pay(other.client_token),
    );
    expect(done.statusCode, done.body).toBe(200);

    const summary = await sweepAfter(3);
    expect(summary.refused).toBeGreaterThanOrEqual(1);
    expect(await statusOf(abandoned.checkoutId)).toBe("failed");
    const memberships = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.customerId, who.customer.id));
    expect(memberships).toHaveLength(1);
    expect(await kit.wasRefunded(abandonedPayment)).toBe(true);
    if (fake) {
      expect(fake.transactions.get(abandonedPayment)?.status_code).toBe(101);
      const refunds = [...fake.transactions.values()].filter((x) => x.status_code === 111);
      expect(refunds.some((x) => x.transaction_amount === 1500)).toBe(true);
    }
  });

  it("keeps asking about an unpaid checkout until an hour after its form closed, then expires it", async () => {
    const { shopId, offer, who, checkout } = await kit.offerCheckout({
      isLimited: true,
      quantity: 1,
    });
    await kit.pay(checkout.client_token, "decline");
    await sweepAfter(10);
    expect(await statusOf(checkout.checkoutId)).toBe("open");
    await sweepAfter(90);
    expect(await statusOf(checkout.checkoutId)).toBe("expired");
    // An expired checkout no longer holds the offer's only unit.
    const again = await kit.openOffer(who, shopId, offer.id);
    expect(again.checkoutId).not.toBe(checkout.checkoutId);
  });

  it.runIf(name === "fortis")(
    "grants a paid checkout from the provider's postback for it",
    async () => {
      const { who, checkout } = await kit.offerCheckout({ offerPriceCents: 900 });
      const paid = await kit.pay(checkout.client_token);
      const result = await t.app.services.payments.onboarding.handlePostback({
        type: "Transaction",
        data: { id: paid, location_id: fake?.merchant.locationId },
      });
      expect(result).toEqual({ handled: true });
      expect(await statusOf(checkout.checkoutId)).toBe("completed");
      expect(await paymentsOf(who.customer.id)).toMatchObject([{ providerReference: paid }]);
    },
  );
});
