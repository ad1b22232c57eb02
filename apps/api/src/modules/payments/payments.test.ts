import { PAYMENT_MESSAGES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cashbackLedger,
  customerMemberships,
  customers,
  notifications,
  shops,
  transactions,
} from "../../db/schema";
import type { TestApp } from "../../test/app";
import {
  createCustomer,
  createMerchant,
  createOffer,
  createTier,
  giveCashback,
  loginAs,
} from "../../test/factories";
import type { FakeFortis } from "../../test/fake-fortis";
import { appForFile } from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";
import { noticesOf } from "../../test/notices";
import { type ProviderName, paymentsKit, useProviderApp } from "../../test/payments-kit";

const DAY = 24 * 60 * 60 * 1000;

describe.each<ProviderName>(["sandbox", "fortis"])("card payments with the %s provider", (name) => {
  let t: TestApp;
  let fake: FakeFortis | null = null;
  let current = new Date("2026-11-22T15:00:00Z");
  const clock = () => current;

  useProviderApp(name, { now: clock }, (app) => ({ t, fake } = app));

  /** A shop whose onboarding was approved (the provider's postback has been applied). */
  const connectedShop = () => paymentsKit(t, fake).connectedShop();

  async function customerOf(shopId: number, options: { verified?: boolean } = {}) {
    const { customer, email, password } = await createCustomer(t.database.db, shopId);
    if (options.verified === false) {
      await t.database.db
        .update(customers)
        .set({ emailVerifiedAt: null })
        .where(eq(customers.id, customer.id));
    }
    const { authorization } = await loginAs(t.app, { email, password }, shopId);
    return { customer, headers: { authorization } };
  }

  /** The customer fills in the provider's card form; returns the provider transaction id. */
  const pay = (clientToken: string, card: "approve" | "decline") =>
    paymentsKit(t, fake).pay(clientToken, card);

  const declineSavedCard = (token: string) => paymentsKit(t, fake).declineCard(token);

  /**
   * What the renewal sweep did to this membership (undefined: not due). The sweep runs at the
   * test's clock for this membership's shop only: on a shared PostgreSQL database the other
   * files' memberships are due too, and a global sweep's batch could fill up with them.
   */
  async function renew(membershipId: number) {
    const [row] = await t.database.db
      .select({ shopId: customerMemberships.shopId })
      .from(customerMemberships)
      .where(eq(customerMemberships.id, membershipId));
    const results = await t.app.services.payments.renewals.runRenewals(50, {
      shopId: row?.shopId,
    });
    return results.find((r) => r.membershipId === membershipId)?.outcome;
  }

  async function intention(headers: Record<string, string>, body: Record<string, unknown>) {
    return t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/elements/transaction/intention",
      headers,
      payload: body,
    });
  }

  async function complete(
    headers: Record<string, string>,
    checkoutId: string,
    transactionId: string,
  ) {
    return t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/elements/transaction/complete",
      headers,
      payload: { checkoutId, transactionId },
    });
  }

  async function dashboard(headers: Record<string, string>, customerId: number) {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/profile/get-customer/${customerId}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function transactionsOf(customerId: number) {
    return t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, customerId))
      .orderBy(transactions.id);
  }

  /** Buys a tier by card end to end; returns the checkout and the completion's body. */
  const buyTier = (
    shopId: number,
    who: { customer: { id: number }; headers: Record<string, string> },
    tierId: number,
  ) => paymentsKit(t, fake).buyMembership(who, shopId, tierId);

  /** A connected shop, a tier made with `tierValues`, and a customer who bought it by card. */
  async function memberOfNewTier(tierValues: Parameters<typeof createTier>[2] = {}) {
    const shop = await connectedShop();
    const tier = await createTier(t.database.db, shop.shopId, tierValues);
    const who = await customerOf(shop.shopId);
    return { ...shop, tier, who, ...(await buyTier(shop.shopId, who, tier.id)) };
  }

  it("opens a checkout for the server's price, never the client's figure", async () => {
    const { shopId } = await connectedShop();
    const tier = await createTier(t.database.db, shopId, { priceCents: 2450 });
    const who = await customerOf(shopId);
    const res = await intention(who.headers, {
      amount: 1,
      shopId,
      customerId: who.customer.id,
      type: "membership",
      membershipId: tier.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ amount: 24.5, provider: name, cashbackUsed: 0 });
    expect(data.client_token).toEqual(expect.any(String));
    if (fake) {
      const sent = fake.requests.findLast((r) => r.path === "/v1/elements/transaction/intention");
      expect(sent?.body).toMatchObject({ action: "sale", amount: 2450, save_account: true });
    } else {
      expect(data.formUrl).toBe("/api/v1/sandbox/checkout");
    }
  });

  it("refuses a checkout for another customer, an unverified one, or a shop not connected", async () => {
    const { shopId } = await connectedShop();
    const tier = await createTier(t.database.db, shopId);
    const who = await customerOf(shopId);
    const other = await customerOf(shopId);
    const body = { shopId, type: "membership", membershipId: tier.id };
    const foreign = await intention(who.headers, { ...body, customerId: other.customer.id });
    expect(foreign.statusCode).toBe(404);

    const unverified = await customerOf(shopId, { verified: false });
    const res = await intention(unverified.headers, {
      ...body,
      customerId: unverified.customer.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      "Please verify your email address first. Check your inbox or resend the link.",
    );

    const plain = await createMerchant(t.database.db);
    const plainShop = plain.shop?.id as number;
    const plainTier = await createTier(t.database.db, plainShop);
    const buyer = await customerOf(plainShop);
    const notConnected = await intention(buyer.headers, {
      shopId: plainShop,
      customerId: buyer.customer.id,
      type: "membership",
      membershipId: plainTier.id,
    });
    expect(notConnected.statusCode).toBe(422);
    expect(notConnected.json().message).toBe(PAYMENT_MESSAGES.notConnected);

    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/elements/transaction/intention",
      payload: { ...body, customerId: who.customer.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("grants a paid membership once: active, recorded, cashback credited, both sides told", async () => {
    const {
      merchant,
      shopId,
      tier,
      who,
      checkout: data,
      txnId,
      body,
    } = await memberOfNewTier({ priceCents: 1999, cashbackRewardCents: 500 });
    expect(body).toMatchObject({
      message: "Payment successful",
      type: "membership",
      rewardBalance: 5,
      membership: { membershipId: tier.id, status: "active", plan: "monthly", price: 19.99 },
    });
    expect(body.membership.card).toMatch(/•••• 1111$/);
    const expire = new Date(body.membership.expireDate);
    expect(expire.toISOString()).toBe("2026-12-22T15:00:00.000Z");

    // The same completion again grants nothing more.
    const again = await complete(who.headers, data.checkoutId, txnId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().membership.id).toBe(body.membership.id);
    const recorded = await transactionsOf(who.customer.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      kind: "membership_purchase",
      status: "succeeded",
      amountCents: 1999,
      paymentType: "online",
      providerReference: txnId,
    });
    const view = await dashboard(who.headers, who.customer.id);
    expect(view.rewardBalance).toBe(5);
    expect(view.membership).toMatchObject({ id: body.membership.id, name: tier.name });

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.shopId, shopId));
    expect(told.map((n) => n.event).sort()).toEqual(
      ["cashback.credited", "membership.activated", "membership.purchased"].sort(),
    );
    expect(told.find((n) => n.event === "membership.purchased")?.userId).toBe(merchant.user.id);

    // A second membership cannot be bought while one is current.
    const second = await intention(who.headers, {
      shopId,
      customerId: who.customer.id,
      type: "membership",
      membershipId: tier.id,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PAYMENT_MESSAGES.alreadyMember);
  });

  it("grants nothing for a declined card, a forged transaction id, or a payment of another amount", async () => {
    const { shopId } = await connectedShop();
    const tier = await createTier(t.database.db, shopId, { priceCents: 3000 });
    const offer = await createOffer(t.database.db, shopId, { offerPriceCents: 500 });
    const who = await customerOf(shopId);
    const opened = await intention(who.headers, {
      shopId,
      customerId: who.customer.id,
      type: "membership",
      membershipId: tier.id,
    });
    const { data } = opened.json();

    const declinedId = await pay(data.client_token, "decline");
    const declined = await complete(who.headers, data.checkoutId, declinedId);
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe("Payment failed, Try again");

    const forged = await complete(who.headers, data.checkoutId, "forged-0000");
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe("Payment failed, Try again");

    // A paid $5 offer checkout cannot pay for the $30 membership.
    const cheap = await paymentsKit(t, fake).purchaseOffer(who, offer.id, 0);
    expect(cheap.statusCode, cheap.body).toBe(200);
    const cheapData = cheap.json().data;
    expect(cheapData.amount).toBe(5);
    const cheapTxn = await pay(cheapData.client_token, "approve");
    const mismatch = await complete(who.headers, data.checkoutId, cheapTxn);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(PAYMENT_MESSAGES.amountMismatch);

    const view = await dashboard(who.headers, who.customer.id);
    expect(view.membership).toBeNull();
    expect(view.activeOffers).toEqual([]);
    expect(view.rewardBalance).toBe(0);
    const recorded = await transactionsOf(who.customer.id);
    expect(recorded.map((r) => r.status)).toEqual(["failed"]);
    // The mismatched payment went back to the card.
    expect(await paymentsKit(t, fake).wasRefunded(cheapTxn)).toBe(true);
  });

  it("renews at expireDate, then retries a declined renewal 3 times over 3 days and expires it", async () => {
    current = new Date("2026-11-22T15:00:00Z");
    const { shopId, who, body } = await memberOfNewTier({
      priceCents: 1500,
      cashbackRewardCents: 200,
    });
    const membershipId = body.membership.id as number;

    // Renewal day: charged once, extended, rewarded.
    current = new Date("2026-12-22T15:00:01Z");
    expect(await renew(membershipId)).toBe("renewed");
    expect(await renew(membershipId)).toBeUndefined();
    let view = await dashboard(who.headers, who.customer.id);
    expect(view.membership.expireDate).toBe("2027-01-22T15:00:00.000Z");
    expect(view.rewardBalance).toBe(4);
    let recorded = await transactionsOf(who.customer.id);
    expect(recorded.map((r) => [r.kind, r.status])).toEqual([
      ["membership_purchase", "succeeded"],
      ["membership_renewal", "succeeded"],
    ]);

    // The card starts declining: 1 attempt + 3 retries a day apart, then expired.
    const [row] = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.id, membershipId));
    await declineSavedCard(row?.cardToken as string);
    current = new Date("2027-01-22T15:00:01Z");
    expect(await renew(membershipId)).toBe("failed");
    view = await dashboard(who.headers, who.customer.id);
    expect(view.membership.status).toBe("pending");
    for (const day of [1, 2]) {
      current = new Date(Date.parse("2027-01-22T15:00:01Z") + day * DAY + 60_000);
      expect(await renew(membershipId)).toBe("failed");
    }
    current = new Date(Date.parse("2027-01-22T15:00:01Z") + 3 * DAY + 120_000);
    expect(await renew(membershipId)).toBe("expired");
    view = await dashboard(who.headers, who.customer.id);
    expect(view.membership).toBeNull();
    recorded = await transactionsOf(who.customer.id);
    expect(recorded.filter((r) => r.status === "failed")).toHaveLength(4);
    const told = await noticesOf(t.database.db, "membership.expired", { shopId });
    expect(told.length).toBeGreaterThan(0);
    if (fake) {
      const charges = fake.requests.filter((r) => r.path === "/v1/transactions/cc/sale/token");
      expect(charges.at(-1)?.body).toMatchObject({
        transaction_amount: 1500,
        token_id: row?.cardToken,
        location_id: fake.merchant.locationId,
        transaction_api_id: expect.stringMatching(new RegExp(`^renewal-${membershipId}-`)),
      });
    }
    current = new Date("2026-11-22T15:00:00Z");
  });

  it("never charges twice for one period when the provider is slow to answer", async () => {
    current = new Date("2026-11-22T15:00:00Z");
    const { who, body } = await memberOfNewTier({ priceCents: 1000 });
    current = new Date("2026-12-23T00:00:00Z");
    const outcomes = await Promise.all([
      renew(body.membership.id),
      renew(body.membership.id),
      renew(body.membership.id),
    ]);
    expect(outcomes.filter((o) => o === "renewed")).toHaveLength(1);
    const renewals = (await transactionsOf(who.customer.id)).filter(
      (r) => r.kind === "membership_renewal",
    );
    expect(renewals).toHaveLength(1);
    current = new Date("2026-11-22T15:00:00Z");
  });

  it("cancels: renewal stops, usable until expireDate, then expired", async () => {
    current = new Date("2026-11-22T15:00:00Z");
    const { shopId, who, body } = await memberOfNewTier();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/membership/cancel",
      headers: who.headers,
      payload: { membershipId: body.membership.id, shopId, customerId: who.customer.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Membership cancelled successfully",
      membership: { status: "cancelled" },
    });
    const twice = await t.app.inject({
      method: "PUT",
      url: `/api/v1/customer/memberships/cancel-customer-membership/${who.customer.id}`,
      headers: who.headers,
      payload: { membershipId: body.membership.id, shopId },
    });
    expect(twice.statusCode).toBe(409);

    current = new Date("2026-12-22T15:00:01Z");
    expect(await renew(body.membership.id)).toBeUndefined();
    expect(await t.app.services.payments.renewals.runExpiries()).toBeGreaterThanOrEqual(1);
    const view = await dashboard(who.headers, who.customer.id);
    expect(view.membership).toBeNull();
    expect((await transactionsOf(who.customer.id)).map((r) => r.kind)).toEqual([
      "membership_purchase",
    ]);
    current = new Date("2026-11-22T15:00:00Z");
  });

  it("refunds a membership payment: money back, membership ended, reward taken back", async () => {
    const { merchant, who, txnId } = await memberOfNewTier({
      priceCents: 2000,
      cashbackRewardCents: 300,
    });
    const [recorded] = await transactionsOf(who.customer.id);
    const owner = await loginAs(t.app, merchant);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/transactions/refund/${recorded?.id}`,
      headers: { authorization: owner.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Payment refunded",
      transaction: { status: "refunded", amount: 20 },
    });
    const again = await t.app.inject({
      method: "POST",
      url: `/api/v1/transactions/refund/${recorded?.id}`,
      headers: { authorization: owner.authorization },
    });
    expect(again.statusCode).toBe(409);
    const view = await dashboard(who.headers, who.customer.id);
    expect(view.membership).toBeNull();
    expect(view.rewardBalance).toBe(0);
    if (fake) {
      const sent = fake.requests.findLast((r) => r.method === "PATCH");
      expect(sent?.path).toBe(`/v1/transactions/${txnId}/refund`);
      expect(sent?.body).toEqual({ transaction_amount: 2000 });
    }
    // Another shop's owner cannot see it.
    const stranger = await createMerchant(t.database.db);
    const strangerLogin = await loginAs(t.app, stranger);
    const foreign = await t.app.inject({
      method: "POST",
      url: `/api/v1/transactions/refund/${recorded?.id}`,
      headers: { authorization: strangerLogin.authorization },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("buys an offer partly with cashback: card pays the rest, wallet debited once", async () => {
    const { shopId } = await connectedShop();
    const offer = await createOffer(t.database.db, shopId, {
      offerPriceCents: 1200,
      originalPriceCents: 2000,
    });
    const who = await customerOf(shopId);
    await giveCashback(t.database.db, { shopId, customerId: who.customer.id }, 450);
    const started = await paymentsKit(t, fake).purchaseOffer(who, offer.id, 4.5);
    expect(started.statusCode, started.body).toBe(200);
    const { data } = started.json();
    expect(data).toMatchObject({ amount: 7.5, cashbackUsed: 4.5 });
    const txnId = await pay(data.client_token, "approve");
    const done = await complete(who.headers, data.checkoutId, txnId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      type: "offer",
      rewardBalance: 0,
      customerOffer: { offerId: offer.id, offerPrice: 12 },
    });
    expect((await complete(who.headers, data.checkoutId, txnId)).statusCode).toBe(200);
    const view = await dashboard(who.headers, who.customer.id);
    expect(view.rewardBalance).toBe(0);
    expect(view.activeOffers).toHaveLength(1);
    const [recorded] = await transactionsOf(who.customer.id);
    expect(recorded).toMatchObject({ amountCents: 750, cashbackUsedCents: 450, priceCents: 1200 });
  });

  it("schedules a plan change for the next renewal, with no payment now", async () => {
    current = new Date("2026-11-22T15:00:00Z");
    const { shopId } = await connectedShop();
    const silver = await createTier(t.database.db, shopId, { priceCents: 1000 });
    const gold = await createTier(t.database.db, shopId, { name: "Gold", priceCents: 2500 });
    const who = await customerOf(shopId);
    const bought = await buyTier(shopId, who, silver.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/membership/schedule",
      headers: who.headers,
      payload: {
        customerId: who.customer.id,
        transactionAmount: 25,
        membershipId: gold.id,
        plan: "monthly",
        shopId,
        name: "Gold",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Membership renewal successfully",
      membership: { membershipId: silver.id },
      nextRenewalMembership: { membershipId: gold.id, name: "Gold", price: 25 },
    });
    current = new Date("2026-12-22T15:00:01Z");
    expect(await renew(bought.body.membership.id)).toBe("renewed");
    const view = await dashboard(who.headers, who.customer.id);
    expect(view.membership).toMatchObject({ membershipId: gold.id, price: 25 });
    expect(view.nextRenewalMembership).toBeNull();
    const renewal = (await transactionsOf(who.customer.id)).at(-1);
    expect(renewal).toMatchObject({ kind: "membership_renewal", amountCents: 2500 });
    current = new Date("2026-11-22T15:00:00Z");
  });
  it("credits a yearly plan's monthly rewards and sends the 3-day notice once", async () => {
    current = new Date("2026-11-22T15:00:00Z");
    const { who, body } = await memberOfNewTier({
      name: "Annual",
      priceCents: 12000,
      cashbackRewardCents: 100,
      renewal: "yearly",
      rewardFrequency: "monthly",
    });
    expect(body.rewardBalance).toBe(1);
    current = new Date("2027-01-23T00:00:00Z");
    await t.app.services.payments.rewards.runRewards();
    await t.app.services.payments.rewards.runRewards();
    // Dec 22 and Jan 22 rewards, once each.
    expect((await dashboard(who.headers, who.customer.id)).rewardBalance).toBe(3);

    current = new Date("2027-11-20T16:00:00Z");
    await t.app.services.payments.renewals.runExpiryNotices();
    await t.app.services.payments.renewals.runExpiryNotices();
    const notices = await noticesOf(t.database.db, "membership.expiring", {
      customerId: who.customer.id,
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain("renews on 2027-11-22");
    current = new Date("2026-11-22T15:00:00Z");
  });
});

describe("payments: onboarding, postbacks and concurrency (sandbox)", () => {
  const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });

  /** The owner's payments page: GET reads the account, POST starts onboarding. */
  const onboarding = (method: "GET" | "POST", authorization: string) =>
    t.app.inject({ method, url: "/api/v1/fortis/onboarding", headers: { authorization } });

  async function connected() {
    const merchant = await createMerchant(t.database.db);
    const owner = await loginAs(t.app, merchant);
    const started = await onboarding("POST", owner.authorization);
    expect(started.statusCode, started.body).toBe(200);
    const link = new URL(started.json().app_link);
    const approved = await t.app.inject({
      method: "POST",
      url: "/api/v1/sandbox/onboarding/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        reference: link.searchParams.get("reference") ?? "",
        return: "/merchant/profile",
      }).toString(),
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe("/merchant/profile?onboarding=connected");
    return { merchant, owner, shopId: merchant.shop?.id as number };
  }

  it("connects a shop through onboarding: Onboard, then Connected", async () => {
    const merchant = await createMerchant(t.database.db);
    const owner = await loginAs(t.app, merchant);
    const before = await onboarding("GET", owner.authorization);
    expect(before.json().account).toMatchObject({
      provider: "sandbox",
      connected: false,
      fortisId: null,
    });
    const { owner: connectedOwner } = await connected();
    const after = await onboarding("GET", connectedOwner.authorization);
    expect(after.json().account).toMatchObject({ connected: true, fortisId: expect.any(String) });
    const again = await onboarding("POST", connectedOwner.authorization);
    expect(again.statusCode).toBe(409);
    // The API key is stored encrypted.
    const [shop] = await t.database.db
      .select()
      .from(shops)
      .where(eq(shops.fortisId, after.json().account.fortisId));
    expect(shop?.fortisApiKeyEncrypted).toMatch(/^v1\./);
  });

  it("takes onboarding postbacks only with the product's Basic credentials", async () => {
    const merchant = await createMerchant(t.database.db);
    const owner = await loginAs(t.app, merchant);
    const started = await onboarding("POST", owner.authorization);
    const reference = new URL(started.json().app_link).searchParams.get("reference");
    const body = {
      client_app_id: reference,
      user_id: "u-1",
      user_api_key: "k-1",
      location_id: `loc-${reference}`,
      product_transaction_id: "pt-1",
    };
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/postback",
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/postback",
      headers: { authorization: `Basic ${Buffer.from("tessera:guess").toString("base64")}` },
      payload: body,
    });
    expect(wrong.statusCode).toBe(401);
    // The credentials are the ones handed to the provider inside the postback URL.
    const { postbackCredentials, loadPaymentsSecret } = await import(
      "../../infra/payments/secrets"
    );
    const creds = postbackCredentials(
      loadPaymentsSecret({ secret: undefined, dataDir: t.config.dataDir }),
    );
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/postback",
      headers: {
        authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString("base64")}`,
      },
      payload: body,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    const account = await onboarding("GET", owner.authorization);
    expect(account.json().account).toMatchObject({ connected: true, fortisUserId: "u-1" });
  });

  /** A connected shop's 10-unit offer and 50 signed-in buyers, each given `creditCents`. */
  async function fiftyBuyersOfTen(offerPriceCents: number, creditCents: number) {
    const { shopId } = await connected();
    const offer = await createOffer(t.database.db, shopId, {
      offerPriceCents,
      isLimited: true,
      quantity: 10,
    });
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const { customer, email, password } = await createCustomer(t.database.db, shopId);
        if (creditCents > 0) {
          await giveCashback(t.database.db, { shopId, customerId: customer.id }, creditCents);
        }
        return { customer, ...(await loginAs(t.app, { email, password }, shopId)) };
      }),
    );
    return { shopId, offer, buyers };
  }

  it("sells exactly 10 of a 10-unit offer to 50 buyers at once", async () => {
    const { offer, buyers } = await fiftyBuyersOfTen(300, 300);
    const results = await Promise.all(
      buyers.map((b) =>
        t.app.inject({
          method: "POST",
          url: `/api/v1/customer/offers/purchase-offer/${b.customer.id}`,
          headers: { authorization: b.authorization },
          payload: { offerId: offer.id, cashbackUsed: 3 },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(
      PAYMENT_MESSAGES.soldOut,
    );
  });

  it("holds units for open card checkouts: 50 parallel checkouts of 10 units, 10 open", async () => {
    const { shopId, offer, buyers } = await fiftyBuyersOfTen(800, 0);
    const results = await Promise.all(
      buyers.map((b) =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/fortis/elements/transaction/intention",
          headers: { authorization: b.authorization },
          payload: { shopId, customerId: b.customer.id, type: "offer", offerId: offer.id },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(40);
  });

  it("never overdraws the wallet: 20 parallel cashback payments worth twice the balance", async () => {
    const { shopId } = await connected();
    const offer = await createOffer(t.database.db, shopId, { offerPriceCents: 100 });
    const { customer, email, password } = await createCustomer(t.database.db, shopId);
    await giveCashback(t.database.db, { shopId, customerId: customer.id }, 1000);
    const { authorization } = await loginAs(t.app, { email, password }, shopId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: "POST",
          url: `/api/v1/customer/offers/purchase-offer/${customer.id}`,
          headers: { authorization },
          payload: { offerId: offer.id, cashbackUsed: 1 },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    // Once the balance is gone the rest fall back to the card checkout, paying nothing yet.
    expect(results.filter((r) => r.statusCode === 200 || r.statusCode === 400)).toHaveLength(10);
    const [row] = await t.database.db
      .select({ total: cashbackLedger.amountCents })
      .from(cashbackLedger)
      .where(eq(cashbackLedger.customerId, customer.id));
    expect(row).toBeDefined();
    const all = await t.database.db
      .select()
      .from(cashbackLedger)
      .where(eq(cashbackLedger.customerId, customer.id));
    expect(all.reduce((sum, r) => sum + r.amountCents, 0)).toBe(0);
  });

  it("serves the sandbox card form with field errors for a bad card", async () => {
    const { shopId } = await connected();
    const tier = await createTier(t.database.db, shopId);
    const { customer, email, password } = await createCustomer(t.database.db, shopId);
    const { authorization } = await loginAs(t.app, { email, password }, shopId);
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/v1/fortis/elements/transaction/intention",
      headers: { authorization },
      payload: { shopId, customerId: customer.id, type: "membership", membershipId: tier.id },
    });
    const token = opened.json().data.client_token;
    const form = await t.app.inject({
      method: "GET",
      url: `/api/v1/sandbox/checkout?token=${token}`,
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("Pay $19.99");
    expect(form.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/v1/sandbox/checkout/pay",
      payload: {
        token,
        cardNumber: "4111 1111 1111 1112",
        expiry: "12/40",
        cvc: "123",
        name: "C C",
      },
    });
    expectFieldErrors(bad, { cardNumber: "Enter a valid card number" });
    const expired = await t.app.inject({
      method: "GET",
      url: "/api/v1/sandbox/checkout?token=nope",
    });
    expect(expired.body).toContain("This payment form has expired");
  });
});
