import { WEBHOOK_EVENT_TYPES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customerMemberships,
  customers,
  sandboxCards,
  webhookDeliveries,
} from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../test/app";
import { createTier, loginAs, PASSWORD, uniqueEmail } from "../../../test/factories";
import { customerSignUp } from "../../../test/file-app";
import { paymentsKit } from "../../../test/payments-kit";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver";
import { createWebhookDelivery } from "./delivery";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let receiver: WebhookReceiver;
let current = new Date("2026-11-22T15:00:00Z");

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({
    now: () => current,
    env: { RATE_LIMIT_PER_MINUTE: "1000000", WEBHOOKS_ALLOW_PRIVATE: "true" },
  });
}, 120_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const kit = () => paymentsKit(t, null);

async function addEndpoint(headers: Record<string, string>, path: string, eventTypes: string[]) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/integrations/webhooks",
    headers,
    payload: { url: `${receiver.base}${path}`, description: path, eventTypes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: number }; secret: string };
}

/** The events `path` received, each verified with `secret` by the receiver's own verifier. */
function verifiedAt(path: string, secret: string) {
  return receiver.at(path).map((r) => {
    const payload = new Webhook(secret).verify(r.body, r.headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    return { ...payload, id: r.headers["webhook-id"] };
  });
}

describe("webhook events from the workflows", () => {
  it("delivers each of the ten event types exactly once per endpoint, signed, as it happens", async () => {
    const { merchant, shopId } = await kit().connectedShop();
    const owner = await loginAs(t.app, merchant);
    const headers = { authorization: owner.authorization };
    const all = await addEndpoint(headers, "/all", [...WEBHOOK_EVENT_TYPES]);
    const also = await addEndpoint(headers, "/also", [...WEBHOOK_EVENT_TYPES]);
    const members = await addEndpoint(headers, "/members", ["member.created"]);
    const delivery = createWebhookDelivery({
      db: t.database.db,
      now: () => current,
      allowPrivate: true,
      // Other files share the database: this worker takes this shop's deliveries only.
      shopId,
    });

    // member.created (sign-up) and member.updated (the merchant edits the name).
    const email = uniqueEmail("member");
    const signUp = await customerSignUp(t, shopId, { firstName: "Ana", lastName: "Lee", email });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const memberId = signUp.json().customer.id as number;
    await t.app.services.members.updateMember(shopId, {
      userId: memberId,
      firstName: "Anna",
      lastName: "Lee",
      email,
      phoneCountry: "US",
      phoneNumber: "",
    });
    await t.database.db
      .update(customers)
      .set({ emailVerifiedAt: current })
      .where(eq(customers.id, memberId));
    const { authorization } = await loginAs(t.app, { email, password: PASSWORD }, shopId);
    const memberHeaders = { authorization };

    // membership.purchased by card.
    const tier = await createTier(t.database.db, shopId, { name: "Silver", priceCents: 1500 });
    const { membershipId } = await kit().buyMembership(
      { customer: { id: memberId }, headers: memberHeaders },
      shopId,
      tier.id,
    );

    // offer.purchased at the counter, redemption.created, payment.refunded.
    // The membership's first reward (500 cents) pays for the redemption.
    const { actor, transaction: offerTxn } = await kit().counterSaleRedeemedAndRefunded(
      merchant,
      shopId,
      memberId,
    );

    // membership.renewed, then membership.payment_failed and membership.expired on a declined card.
    const renew = () => t.app.services.payments.renewals.runRenewals(50, { shopId });
    current = new Date("2026-12-22T15:00:01Z");
    await renew();
    const [m] = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.id, membershipId));
    await t.database.db
      .update(sandboxCards)
      .set({ declines: true })
      .where(eq(sandboxCards.token, m?.cardToken as string));
    current = new Date("2027-01-22T15:00:01Z");
    await renew();
    for (const day of [1, 2, 3]) {
      current = new Date(Date.parse("2027-01-22T15:00:01Z") + day * DAY + day * 60_000);
      await renew();
    }

    // membership.cancelled: a second member buys and cancels.
    const other = await kit().customerOf(shopId);
    const sale2 = await t.app.services.payments.counter.sellMembershipAtCounter({
      shopId,
      customerId: other.customer.id,
      tierId: tier.id,
      plan: "monthly",
      paymentType: "cash",
      discountPercent: 0,
      actor,
    });
    expect(sale2.outcome).toBe("completed");
    await t.app.services.payments.renewals.cancelMembership({
      shopId,
      customerId: other.customer.id,
      actor: { kind: "customer", customerId: other.customer.id },
    });

    // Twice: the second run finds nothing left to send.
    const first = await delivery.deliverDue();
    expect(await delivery.deliverDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(first.failed + first.retrying).toBe(0);

    for (const [path, secret] of [
      ["/all", all.secret],
      ["/also", also.secret],
    ] as const) {
      const got = verifiedAt(path, secret);
      const types = got.map((e) => e.type);
      for (const type of WEBHOOK_EVENT_TYPES) expect(types, `${path} ${type}`).toContain(type);
      // Exactly once per event: no message id twice.
      expect(new Set(got.map((e) => e.id)).size).toBe(got.length);
    }
    const memberEvents = verifiedAt("/members", members.secret);
    // Only the type it chose (the second member was written straight to the database).
    expect(memberEvents.map((e) => e.type)).toEqual(["member.created"]);
    const created = verifiedAt("/all", all.secret).find((e) => e.type === "member.created");
    expect(created?.data).toMatchObject({ member: { id: memberId, email, firstName: "Ana" } });
    const purchased = verifiedAt("/all", all.secret).find((e) => e.type === "membership.purchased");
    expect(purchased?.data).toMatchObject({
      membership: { id: membershipId, memberId, tierId: tier.id, plan: "monthly" },
      payment: { kind: "membership_purchase", amountCents: 1500 },
    });
    const refunded = verifiedAt("/all", all.secret).find((e) => e.type === "payment.refunded");
    expect(refunded?.data).toMatchObject({
      payment: { id: offerTxn?.id, amountCents: 875, status: "refunded" },
    });
    current = new Date("2026-11-22T15:00:00Z");
  });

  it("emits nothing when the change rolls back", async () => {
    const { merchant, shopId } = await kit().connectedShop();
    const owner = await loginAs(t.app, merchant);
    const hook = await addEndpoint({ authorization: owner.authorization }, "/rollback", [
      "member.updated",
    ]);
    const before = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
    await expect(
      t.database.db.transaction(async (tx) => {
        const { webhookEvents } = await import("./events");
        await webhookEvents.memberUpdated(tx, {
          id: 1,
          shopId,
          firstName: "X",
          lastName: "Y",
          email: "x@example.com",
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const after = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
    expect(before).toEqual([]);
    expect(after).toEqual([]);
  });
});
