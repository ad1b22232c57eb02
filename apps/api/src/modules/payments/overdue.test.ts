import { PAYMENT_MESSAGES } from "@tessera/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkouts,
  customerMemberships,
  customers,
  emailOutbox,
  sandboxCards,
  transactions,
} from "../../db/schema";
import type { TestApp } from "../../test/app";
import { createTier } from "../../test/factories";
import type { FakeFortis } from "../../test/fake-fortis";
import { noticesOf } from "../../test/notices";
import { type ProviderName, type paymentsKit, useProviderApp } from "../../test/payments-kit";
import { recoverCheckouts } from "./recovery";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
type Headers = Record<string, string>;
type Who = { customer: { id: number; email: string }; headers: Headers };

/** The customer pays a declined renewal from their account (the failure e-mail's link). */
describe.each<ProviderName>(["sandbox", "fortis"])("paying an overdue renewal (%s)", (name) => {
  let t: TestApp;
  let fake: FakeFortis | null;
  let kit: ReturnType<typeof paymentsKit>;
  let current = new Date("2026-11-22T15:00:00Z");
  const clock = () => current;

  useProviderApp(name, { now: clock }, (app) => ({ t, fake, kit } = app));

  const db = () => t.database.db;

  async function membership(id: number) {
    const [row] = await db()
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.id, id));
    if (!row) throw new Error("membership missing");
    return row;
  }

  async function setSavedCard(token: string, declines: boolean) {
    if (fake) {
      if (declines) fake.declineToken(token);
      else fake.allowToken(token);
      return;
    }
    await db().update(sandboxCards).set({ declines }).where(eq(sandboxCards.token, token));
  }

  async function renew(shopId: number, membershipId: number) {
    const results = await t.app.services.payments.renewals.runRenewals(50, { shopId });
    return results.find((r) => r.membershipId === membershipId)?.outcome;
  }

  async function renewals(customerId: number) {
    return db()
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.customerId, customerId), eq(transactions.kind, "membership_renewal")),
      )
      .orderBy(transactions.id);
  }

  function payRenewal(headers: Headers, membershipId: number | string) {
    return t.app.inject({
      method: "POST",
      url: `/api/v1/customer/memberships/${membershipId}/pay-renewal`,
      headers,
    });
  }

  async function openRenewal(who: Who, membershipId: number) {
    const res = await payRenewal(who.headers, membershipId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { checkoutId: string; client_token: string; amount: number };
  }

  /** A member of a $15 tier whose first renewal was declined a minute ago. */
  async function overdueMember() {
    current = new Date("2026-11-22T15:00:00Z");
    const { shopId } = await kit.connectedShop();
    const tier = await createTier(db(), shopId, { priceCents: 1500, cashbackRewardCents: 200 });
    const who = (await kit.customerOf(shopId)) as Who;
    const { membershipId } = await kit.buyMembership(who, shopId, tier.id);
    const savedCard = (await membership(membershipId)).cardToken as string;
    await setSavedCard(savedCard, true);
    current = new Date("2026-12-22T15:00:01Z");
    expect(await renew(shopId, membershipId)).toBe("failed");
    return { shopId, tier, who, membershipId, savedCard };
  }

  it("renews once from the account: charged the renewal price, period extended, reward, receipt, notices, no more retries", async () => {
    const { shopId, who, membershipId } = await overdueMember();
    const before = await membership(membershipId);
    expect(before.status).toBe("pending");
    const view = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/profile/get-customer/${who.customer.id}`,
      headers: who.headers,
    });
    expect(view.json().membership).toMatchObject({
      status: "pending",
      nextRenewalAttemptAt: "2026-12-23T15:00:01.000Z",
    });

    const session = await openRenewal(who, membershipId);
    expect(session.amount).toBe(15);
    const paid = await kit.pay(session.client_token);
    // Double click: two completions at once grant once.
    const [first, second] = await Promise.all([
      kit.complete(who.headers, session.checkoutId, paid),
      kit.complete(who.headers, session.checkoutId, paid),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: PAYMENT_MESSAGES.paymentSuccessful,
      rewardBalance: 4,
      membership: { id: membershipId, status: "active", expireDate: "2027-01-22T15:00:00.000Z" },
    });

    const after = await membership(membershipId);
    expect(after).toMatchObject({
      status: "active",
      periodStart: new Date("2026-12-22T15:00:00Z"),
      renewalAttempts: 0,
      nextRenewalAttemptAt: null,
      pendingChargeReference: null,
      paymentType: "online",
    });
    // The card that paid is kept for the next renewals.
    expect(after.cardToken).not.toBe(before.cardToken);
    expect(after.cardLabel).toMatch(/1111$/);
    expect((await renewals(who.customer.id)).map((r) => [r.status, r.amountCents])).toEqual([
      ["failed", 1500],
      ["succeeded", 1500],
    ]);
    const [ok] = (await renewals(who.customer.id)).filter((r) => r.status === "succeeded");
    expect(ok).toMatchObject({ providerReference: paid, paymentType: "online", priceCents: 1500 });

    const told = await noticesOf(db(), "membership.renewed", { shopId });
    expect(told.length).toBe(2); // the merchant and the customer
    const receipts = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, who.customer.email), eq(emailOutbox.template, "receipt")),
      );
    expect(receipts.map((r) => r.idempotencyKey)).toContain(
      `receipt:${ok?.id}:${who.customer.email}`,
    );
    expect(receipts).toHaveLength(2); // the purchase and this renewal

    // The retries stop: the next day's job has nothing to do; the next renewal is in a month.
    current = new Date("2026-12-23T15:00:02Z");
    expect(await renew(shopId, membershipId)).toBeUndefined();
    const again = await payRenewal(who.headers, membershipId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.nothingOwed);
  });

  it("two tabs paying at once: one renewal kept, the other payment refunded", async () => {
    const { who, membershipId } = await overdueMember();
    const tabA = await openRenewal(who, membershipId);
    const tabB = await openRenewal(who, membershipId);
    const paidA = await kit.pay(tabA.client_token);
    const paidB = await kit.pay(tabB.client_token);
    const [a, b] = await Promise.all([
      kit.complete(who.headers, tabA.checkoutId, paidA),
      kit.complete(who.headers, tabB.checkoutId, paidB),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toBe(
      `${PAYMENT_MESSAGES.nothingOwed} Your payment has been refunded.`,
    );
    expect(await kit.wasRefunded(a.statusCode === 409 ? paidA : paidB)).toBe(true);
    const kept = (await renewals(who.customer.id)).filter((r) => r.status === "succeeded");
    expect(kept).toHaveLength(1);
    expect((await membership(membershipId)).expireDate.toISOString()).toBe(
      "2027-01-22T15:00:00.000Z",
    );
  });

  it("the retry job leaves the card alone while the form is open; after it, only one of them is kept", async () => {
    const { shopId, who, membershipId, savedCard } = await overdueMember();
    const session = await openRenewal(who, membershipId);
    // The retry was due tomorrow; the job runs then and later while the form is open.
    current = new Date("2026-12-23T15:00:02Z");
    const open = await openRenewal(who, membershipId);
    expect(await renew(shopId, membershipId)).toBeUndefined();
    expect((await membership(membershipId)).status).toBe("pending");

    // The form closes unpaid; the saved card works again and the job renews.
    const paidLate = await kit.pay(open.client_token);
    await setSavedCard(savedCard, false);
    current = new Date(current.getTime() + 31 * MINUTE);
    expect(await renew(shopId, membershipId)).toBe("renewed");
    // The late completion of the form paid meanwhile finds nothing owed: refunded.
    const late = await kit.complete(who.headers, open.checkoutId, paidLate);
    expect(late.statusCode).toBe(409);
    expect(await kit.wasRefunded(paidLate)).toBe(true);
    expect((await renewals(who.customer.id)).filter((r) => r.status === "succeeded")).toHaveLength(
      1,
    );
    expect(session.checkoutId).not.toBe(open.checkoutId);
  });

  it("refuses while the job is charging the saved card, when nothing is owed, and for others", async () => {
    const { shopId, tier, who, membershipId } = await overdueMember();
    await db()
      .update(customerMemberships)
      .set({ pendingChargeReference: "renewal-in-flight" })
      .where(eq(customerMemberships.id, membershipId));
    const busy = await payRenewal(who.headers, membershipId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(PAYMENT_MESSAGES.renewalBeingCharged);
    await db()
      .update(customerMemberships)
      .set({ pendingChargeReference: null })
      .where(eq(customerMemberships.id, membershipId));

    // Another customer of the shop, and a customer of another shop: not theirs.
    const other = await kit.customerOf(shopId);
    expect((await payRenewal(other.headers, membershipId)).statusCode).toBe(404);
    const elsewhere = await kit.connectedShop();
    const stranger = await kit.customerOf(elsewhere.shopId);
    expect((await payRenewal(stranger.headers, membershipId)).statusCode).toBe(404);
    expect((await payRenewal(who.headers, 99_999_999)).statusCode).toBe(404);
    expect((await payRenewal(who.headers, "abc")).statusCode).toBe(400);
    expect((await payRenewal({}, membershipId)).statusCode).toBe(401);

    // A member with an active membership owes nothing.
    const paidUp = await kit.customerOf(shopId);
    const paid = await kit.buyMembership(paidUp, shopId, tier.id);
    const nothing = await payRenewal(paidUp.headers, paid.membershipId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(PAYMENT_MESSAGES.nothingOwed);

    // A disabled member cannot pay.
    await db().update(customers).set({ isDisabled: true }).where(eq(customers.id, who.customer.id));
    const disabled = await payRenewal(who.headers, membershipId);
    expect([401, 403]).toContain(disabled.statusCode);
    expect((await membership(membershipId)).status).toBe("pending");
  });

  it("a renewal paid while the server died is granted by the recovery sweep, once", async () => {
    const { who, membershipId } = await overdueMember();
    const session = await openRenewal(who, membershipId);
    const paid = await kit.pay(session.client_token);
    // No completion: the process died after the charge.
    current = new Date(current.getTime() + 3 * MINUTE);
    const summary = await recoverCheckouts({
      db: db(),
      payments: t.app.services.payments,
      now: clock,
    });
    expect(summary.completed).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, session.checkoutId));
    expect(row).toMatchObject({ status: "completed", renewsMembershipId: membershipId });
    expect((await membership(membershipId)).status).toBe("active");
    const late = await kit.complete(who.headers, session.checkoutId, paid);
    expect(late.statusCode, late.body).toBe(200);
    expect((await renewals(who.customer.id)).filter((r) => r.status === "succeeded")).toHaveLength(
      1,
    );
    current = new Date(current.getTime() + DAY);
  });
});
