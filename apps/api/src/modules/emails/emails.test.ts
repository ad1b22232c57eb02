import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { emailOutbox, shops, transactions } from "../../db/schema";
import { createMailer } from "../../infra/mailer";
import { queueOutboxEmail } from "../../infra/mailer/outbox-repo";
import { createOffer, createTier, giveCashback } from "../../test/factories";
import { mailTestApp } from "../../test/mail-app";
import { EMAIL_DELIVERY_JOB, queuedRenderer } from "./delivery";
import { createUnsubscribeSigner } from "./unsubscribe";

const DAY = 24 * 60 * 60 * 1000;

const mailApp = mailTestApp();
const { clock, kit, deliver, mailsTo } = mailApp;

/** A connected shop with a logo and colour, its owner's address the reply-to. */
async function brandedShop() {
  const { merchant, shopId } = await kit().connectedShop();
  await mailApp.db
    .update(shops)
    .set({
      name: `Blue Door ${randomUUID().slice(0, 4)}`,
      logo: "/uploads/shops/logo.png",
      primaryColor: "#7c3aed",
      timeZone: "America/Los_Angeles",
    })
    .where(eq(shops.id, shopId));
  const [shop] = await mailApp.db.select().from(shops).where(eq(shops.id, shopId));
  return { shop: shop as typeof shops.$inferSelect, owner: merchant };
}

const customer = (shopId: number) => kit().customerOf(shopId);

/** A branded shop and a customer who bought a membership of a new tier there by card. */
async function memberOfNewTier(tier: Parameters<typeof createTier>[2]) {
  const { shop, owner } = await brandedShop();
  const created = await createTier(mailApp.db, shop.id, tier);
  const who = await customer(shop.id);
  const bought = await kit().buyMembership(who, shop.id, created.id);
  return { shop, owner, who, ...bought };
}

describe("money e-mails", () => {
  it("sends one branded receipt for a membership bought by card, with the card and the amounts", async () => {
    const { shop, owner, who, txnId } = await memberOfNewTier({ name: "Gold", priceCents: 2499 });

    await deliver();
    await deliver();
    const mails = mailsTo(who.customer.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.subject).toBe(`Your receipt from ${shop.name}: $24.99`);
    for (const part of [mail.text, mail.html]) {
      // Every customer e-mail greets by first name (the frame they share gives it).
      expect(part).toContain(`Hi ${who.customer.firstName},`);
      expect(part).toContain("Gold membership (monthly)");
      expect(part).toContain("$24.99");
      expect(part).toContain("Visa");
      expect(part).toContain("1111");
      expect(part).toContain(txnId);
      expect(part).toContain(shop.name);
    }
    // The payment's time in the shop's time zone (Los Angeles, UTC−8 in November).
    const [paid] = await mailApp.db
      .select()
      .from(transactions)
      .where(eq(transactions.providerReference, txnId));
    const local = new Date((paid?.createdAt.getTime() ?? 0) - 8 * 60 * 60 * 1000);
    const hour = local.getUTCHours() % 12 || 12;
    const minutes = String(local.getUTCMinutes()).padStart(2, "0");
    expect(mail.text).toMatch(
      new RegExp(`Date:\\s+\\w{3} ${local.getUTCDate()}, \\d{4}, ${hour}:${minutes}\\s?[AP]M PST`),
    );
    expect(mail.html).toContain("#7c3aed");
    expect(mail.html).toContain("http://localhost:3000/uploads/shops/logo.png");
    const [row] = await mailApp.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, who.customer.email));
    expect(row).toMatchObject({ status: "sent", replyTo: owner.email, attempts: 1 });
    expect(row?.fromAddress).toContain(shop.name);
  });

  it("shows the part paid in cashback apart on an offer's receipt", async () => {
    const { shop } = await brandedShop();
    const offer = await createOffer(mailApp.db, shop.id, {
      offerName: "Coffee box",
      offerPriceCents: 1250,
      originalPriceCents: 2000,
    });
    const who = await customer(shop.id);
    await giveCashback(mailApp.db, { shopId: shop.id, customerId: who.customer.id }, 300);
    await kit().buyOffer(who, shop.id, offer.id, { cashbackUsed: 3 });
    await deliver();
    const mails = mailsTo(who.customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your receipt from ${shop.name}: $12.50`);
    expect(mails[0]?.text).toMatch(/Paid with cashback:\s+\$3\.00/);
    expect(mails[0]?.text).toMatch(/Paid by card or cash:\s+\$9\.50/);
  });

  it("sends a receipt for a cash sale at the counter, then a refund confirmation", async () => {
    const { shop, owner } = await brandedShop();
    const offer = await createOffer(mailApp.db, shop.id, {
      offerName: "Pastry pack",
      offerPriceCents: 875,
    });
    const who = await customer(shop.id);
    const sale = await mailApp.t.app.services.payments.counter.sellOfferAtCounter({
      shopId: shop.id,
      customerId: who.customer.id,
      offerId: offer.id,
      cashbackUsed: 0,
      paymentType: "cash",
      actor: { kind: "merchant", userId: owner.user.id, name: "Olive Owner" },
    });
    expect(sale.outcome).toBe("completed");
    await deliver();
    let mails = mailsTo(who.customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/Amount paid:\s+\$8\.75/);
    expect(mails[0]?.text).toMatch(/Payment method:\s+Cash/);

    const [tx] = await mailApp.db.query.transactions.findMany({
      where: (tr, { eq: is }) => is(tr.customerId, who.customer.id),
    });
    await mailApp.t.app.services.payments.refunds.refundTransaction({
      shopId: shop.id,
      transactionId: tx?.id as number,
    });
    await deliver();
    await deliver();
    mails = mailsTo(who.customer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(`Your refund from ${shop.name}: $8.75`);
    expect(mails[1]?.text).toMatch(/Refunded:\s+\$8\.75/);
  });

  it("tells the customer when a renewal fails, when it is retried, and when the membership ends", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { shop, who, membershipId } = await memberOfNewTier({
      name: "Silver",
      priceCents: 1500,
    });
    const renew = () =>
      mailApp.t.app.services.payments.renewals.runRenewals(50, { shopId: shop.id });

    clock.now = new Date("2026-12-22T15:00:01Z");
    await renew();
    await deliver();
    expect(mailsTo(who.customer.email).map((m) => m.subject)).toEqual([
      `Your receipt from ${shop.name}: $15.00`,
      `Your receipt from ${shop.name}: $15.00`,
    ]);
    const renewalReceipts = mailsTo(who.customer.email).filter((x) =>
      x.text.includes("Silver membership renewal (monthly)"),
    );
    expect(renewalReceipts).toHaveLength(1);

    await kit().declineSavedCard(membershipId);
    clock.now = new Date("2027-01-22T15:00:01Z");
    await renew();
    await renew();
    await deliver();
    const failed = mailsTo(who.customer.email).filter((x) => x.subject.includes("failed"));
    expect(failed).toHaveLength(1);
    expect(failed[0]?.subject).toBe("Your Silver renewal payment failed");
    // The retry a day later, in the shop's zone; the link to pay in the customer area.
    expect(failed[0]?.text).toContain("We will try your card again on Jan 23, 2027");
    expect(failed[0]?.text).toContain(
      `http://localhost:3000/${shop.id}/customer/dashboard?pay=renewal`,
    );
    expect(failed[0]?.html).toContain(`/${shop.id}/customer/dashboard?pay=renewal`);

    for (const day of [1, 2, 3]) {
      clock.now = new Date(Date.parse("2027-01-22T15:00:01Z") + day * DAY + day * 60_000);
      await renew();
    }
    await deliver();
    const later = mailsTo(who.customer.email)
      .map((x) => x.subject)
      .filter((x) => !x.startsWith("Your receipt"));
    expect(later.sort()).toEqual([
      "Your Silver membership has ended",
      "Your Silver renewal payment failed",
      "Your Silver renewal payment failed",
      "Your Silver renewal payment failed",
    ]);
    clock.now = new Date("2026-11-22T15:00:00Z");
  });

  it("sends the cancellation once", async () => {
    const { shop, who } = await memberOfNewTier({ name: "Bronze", priceCents: 900 });
    await mailApp.t.app.services.payments.renewals.cancelMembership({
      shopId: shop.id,
      customerId: who.customer.id,
      actor: { kind: "customer", customerId: who.customer.id },
    });
    await deliver();
    const subjects = mailsTo(who.customer.email).map((m) => m.subject);
    expect(subjects.sort()).toEqual([
      "Your Bronze membership is cancelled",
      `Your receipt from ${shop.name}: $9.00`,
    ]);
    expect(
      mailsTo(who.customer.email).find((x) => x.subject.includes("cancelled"))?.text,
    ).toContain("You keep your benefits until Dec 22, 2026");
  });
});

describe("delivery", () => {
  it("queues one e-mail per event and recipient, however often it is queued or the job runs", async () => {
    const { shop, who } = await memberOfNewTier({ priceCents: 1000 });
    const [row] = await mailApp.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, who.customer.email));
    // The same event queued again (a retried job, a second instance): nothing new.
    const again = await queueOutboxEmail(mailApp.db, {
      idempotencyKey: row?.idempotencyKey as string,
      toAddress: who.customer.email,
      template: "receipt",
      payload: row?.payload,
      category: "transactional",
      shopId: shop.id,
    });
    expect(again).toBeNull();
    await Promise.all([deliver(), deliver(), mailApp.t.app.jobs.runNow(EMAIL_DELIVERY_JOB)]);
    await deliver();
    expect(mailsTo(who.customer.email)).toHaveLength(1);
    const rows = await mailApp.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, who.customer.email));
    expect(rows).toHaveLength(1);
  });

  it("retries a refused message with back-off, logs it, and sends it once the server takes it", async () => {
    let refuse = true;
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse) callback(Object.assign(new Error("Try later"), { responseCode: 451 }));
        else {
          received.push(address.address);
          callback();
        }
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    const errors: object[] = [];
    let now = new Date("2030-01-01T00:00:00Z");
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: "Tessera <no-reply@tessera.test>",
      db: mailApp.db,
      now: () => now,
      logger: { info() {}, error: (obj) => errors.push(obj) },
    });
    const render = queuedRenderer({
      publicUrl: "http://localhost:3000",
      unsubscribe: createUnsubscribeSigner("test-secret", "http://localhost:3000"),
    });
    const { shop } = await brandedShop();
    const to = `retry-${randomUUID().slice(0, 8)}@example.com`;
    const payload = {
      shop: {
        id: shop.id,
        name: shop.name,
        logo: null,
        primaryColor: "#7c3aed",
        timeZone: "UTC",
        replyTo: null,
      },
      firstName: "Ada",
      membershipName: "Gold",
      endedAt: now.toISOString(),
      reason: "declined",
    };
    const id = await queueOutboxEmail(mailApp.db, {
      idempotencyKey: `test-ended:${to}`,
      toAddress: to,
      template: "membership_ended",
      payload,
      category: "transactional",
      shopId: shop.id,
    });
    try {
      // Only the e-mails of this test: the outbox is shared with the other tests.
      const deliverMine = () => mailer.deliverDue(render, { to });
      await deliverMine();
      let [row] = await mailApp.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id as number));
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row?.subject).toBe("Your Gold membership has ended");
      expect(row?.nextAttemptAt?.toISOString()).toBe("2030-01-01T00:01:00.000Z");
      expect(errors.some((e) => (e as { outboxId?: number }).outboxId === id)).toBe(true);

      // Not yet due: nothing happens.
      refuse = false;
      await deliverMine();
      expect(received).toEqual([]);
      now = new Date("2030-01-01T00:01:00Z");
      await deliverMine();
      await deliverMine();
      expect(received).toEqual([to]);
      [row] = await mailApp.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id as number));
      expect(row).toMatchObject({
        status: "sent",
        attempts: 2,
        lastError: null,
        nextAttemptAt: null,
      });
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
