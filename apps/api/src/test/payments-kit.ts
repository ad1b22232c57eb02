import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import {
  customerMemberships,
  sandboxCards,
  sandboxTransactions,
  shops,
  transactions,
} from "../db/schema";
import { createTestApp, type TestApp } from "./app";
import { createCustomer, createMerchant, createOffer, loginAs, payWithSandbox } from "./factories";
import { type FakeFortis, startFakeFortis } from "./fake-fortis";

export type ProviderName = "sandbox" | "fortis";
type Headers = Record<string, string>;

/** The environment of a test app on the sandbox or on the fake Fortis server. */
export async function providerEnv(
  name: ProviderName,
): Promise<{ fake: FakeFortis | null; env: Record<string, string> }> {
  if (name === "sandbox") return { fake: null, env: { RATE_LIMIT_PER_MINUTE: "1000000" } };
  const fake: FakeFortis = await startFakeFortis();
  return {
    fake,
    env: {
      PAYMENTS_PROVIDER: "fortis",
      FORTIS_API_URL: fake.url,
      FORTIS_DEVELOPER_ID: fake.developerId,
      FORTIS_USER_ID: fake.merchant.userId,
      FORTIS_USER_API_KEY: fake.merchant.apiKey,
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
  };
}

export type ProviderApp = {
  t: TestApp;
  fake: FakeFortis | null;
  kit: ReturnType<typeof paymentsKit>;
};

/**
 * One test app for the describe block it is called in, on the named provider (the fake Fortis
 * server started with it) and on the test's clock if given: started before the block's tests,
 * closed after them. `ready` hands the app over when it is up.
 */
export function useProviderApp(
  name: ProviderName,
  options: { now?: () => Date },
  ready: (app: ProviderApp) => void,
) {
  let app: ProviderApp | undefined;
  beforeAll(async () => {
    const { fake, env } = await providerEnv(name);
    const t = await createTestApp({ ...options, env });
    app = { t, fake, kit: paymentsKit(t, fake) };
    ready(app);
    // Migrating a fresh database takes a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await app?.t.close();
    await app?.fake?.close();
  });
}

/** Card-payment steps as a customer's browser takes them, on either provider. */
export function paymentsKit(t: TestApp, fake: FakeFortis | null) {
  return {
    /** A shop whose onboarding was approved (the provider's postback applied). */
    async connectedShop() {
      const merchant = await createMerchant(t.database.db);
      const shopId = merchant.shop?.id as number;
      const reference = `ref-${shopId}-${Math.random().toString(36).slice(2)}`;
      await t.database.db
        .update(shops)
        .set({ onboardingReference: reference })
        .where(eq(shops.id, shopId));
      const account = fake
        ? fake.merchant
        : {
            userId: `sbx_user_${shopId}`,
            apiKey: "sandbox-key",
            locationId: `sbx_loc_${shopId}_${Math.random().toString(36).slice(2)}`,
            productTransactionId: "sbx_pt",
          };
      expect(await t.app.services.payments.onboarding.applyOnboarding(reference, account)).toBe(
        true,
      );
      return { merchant, shopId };
    },

    /** The saved card with this token declines from now on. */
    async declineCard(token: string) {
      if (fake) fake.declineToken(token);
      else {
        await t.database.db
          .update(sandboxCards)
          .set({ declines: true })
          .where(eq(sandboxCards.token, token));
      }
    },

    /** The card a membership renews with declines from now on. */
    async declineSavedCard(membershipId: number) {
      const [m] = await t.database.db
        .select({ cardToken: customerMemberships.cardToken })
        .from(customerMemberships)
        .where(eq(customerMemberships.id, membershipId));
      await this.declineCard(m?.cardToken as string);
    },

    async customerOf(shopId: number) {
      const { customer, email, password } = await createCustomer(t.database.db, shopId);
      const { authorization } = await loginAs(t.app, { email, password }, shopId);
      return { customer, headers: { authorization } as Headers };
    },

    /**
     * The customer's own "buy this offer" request, paying `cashbackUsed` dollars in cashback:
     * 201 when cashback covers it all, 200 with a card checkout for the rest.
     */
    purchaseOffer(
      who: { customer: { id: number }; headers: Headers },
      offerId: number,
      cashbackUsed: number,
    ) {
      return t.app.inject({
        method: "POST",
        url: `/api/v1/customer/offers/purchase-offer/${who.customer.id}`,
        headers: who.headers,
        payload: { offerId, cashbackUsed },
      });
    },

    /** Opens a card checkout (membership or offer); returns the checkout session. */
    async open(headers: Headers, body: Record<string, unknown>) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/fortis/elements/transaction/intention",
        headers,
        payload: { amount: 1, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { checkoutId: string; client_token: string };
    },

    /** Opens a card checkout for one offer, for this customer of this shop. */
    openOffer(
      who: { customer: { id: number }; headers: Headers },
      shopId: number,
      offerId: number,
    ) {
      return this.open(who.headers, {
        shopId,
        customerId: who.customer.id,
        type: "offer",
        offerId,
      });
    },

    /** A new customer of a new connected shop, with a card checkout open for a new offer. */
    async offerCheckout(offer: Parameters<typeof createOffer>[2]) {
      const { shopId } = await this.connectedShop();
      const created = await createOffer(t.database.db, shopId, offer);
      const who = await this.customerOf(shopId);
      const checkout = await this.openOffer(who, shopId, created.id);
      return { shopId, offer: created, who, checkout };
    },

    /**
     * The customer pays a card checkout through, approved: opens it for `item` (a membership
     * or an offer of this shop), pays and completes it. Returns the checkout, the provider's
     * transaction id and the completion's body.
     */
    async buy(
      who: { customer: { id: number }; headers: Headers },
      shopId: number,
      item: Record<string, unknown>,
    ) {
      const checkout = await this.open(who.headers, {
        shopId,
        customerId: who.customer.id,
        ...item,
      });
      const txnId = await this.pay(checkout.client_token);
      const done = await this.complete(who.headers, checkout.checkoutId, txnId);
      expect(done.statusCode, done.body).toBe(200);
      return { checkout, txnId, body: done.json() };
    },

    /** The customer buys a membership tier by card; `membershipId` is the new membership's. */
    async buyMembership(
      who: { customer: { id: number }; headers: Headers },
      shopId: number,
      tierId: number,
    ) {
      const bought = await this.buy(who, shopId, { type: "membership", membershipId: tierId });
      return { ...bought, membershipId: bought.body.membership.id as number };
    },

    /** The customer buys an offer by card, paying `cashbackUsed` dollars of it in cashback. */
    buyOffer(
      who: { customer: { id: number }; headers: Headers },
      shopId: number,
      offerId: number,
      options: { cashbackUsed?: number } = {},
    ) {
      return this.buy(who, shopId, { type: "offer", offerId, ...options });
    },

    /**
     * A day at the counter: the merchant sells the customer a new 8.75 "Pastry" offer for cash,
     * redeems 2.00 of the customer's cashback, then refunds the pastry. Returns the merchant as
     * the actor and the pastry's transaction.
     */
    async counterSaleRedeemedAndRefunded(
      merchant: { user: { id: number } },
      shopId: number,
      customerId: number,
    ) {
      const offer = await createOffer(t.database.db, shopId, {
        offerName: "Pastry",
        offerPriceCents: 875,
      });
      const actor = { kind: "merchant" as const, userId: merchant.user.id, name: "Olive Owner" };
      const sale = await t.app.services.payments.counter.sellOfferAtCounter({
        shopId,
        customerId,
        offerId: offer.id,
        cashbackUsed: 0,
        paymentType: "cash",
        actor,
      });
      expect(sale.outcome).toBe("completed");
      const [transaction] = await t.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.offerId, offer.id));
      if (!transaction) throw new Error("no counter sale");
      await t.app.services.redemptions.redeemCashback({
        shopId,
        customerId,
        amountCents: 200,
        actor,
      });
      await t.app.services.payments.refunds.refundTransaction({
        shopId,
        transactionId: transaction.id,
      });
      return { actor, transaction };
    },

    /** The customer fills in the provider's card form; returns the provider's transaction id. */
    async pay(clientToken: string, card: "approve" | "decline" = "approve") {
      if (fake) return fake.pay(clientToken, card);
      return payWithSandbox(t.app, clientToken, card, "Cleo Customer");
    },

    /** Whether the provider was asked to give this card payment back. */
    async wasRefunded(paymentId: string) {
      if (fake) {
        return fake.requests.some(
          (r) => r.method === "PATCH" && r.path === `/v1/transactions/${paymentId}/refund`,
        );
      }
      const [row] = await t.database.db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.id, paymentId));
      return row?.refunded === true;
    },

    complete(headers: Headers, checkoutId: string, transactionId: string) {
      return t.app.inject({
        method: "POST",
        url: "/api/v1/fortis/elements/transaction/complete",
        headers,
        payload: { checkoutId, transactionId },
      });
    },
  };
}
