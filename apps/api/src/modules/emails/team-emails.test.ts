import { startOfDay } from "@tessera/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  customerMemberships,
  emailOutbox,
  redemptions,
  shops,
  transactions,
  users,
} from "../../db/schema";
import { createOffer, createStaff, createTier, loginAs } from "../../test/factories";
import { mailTestApp } from "../../test/mail-app";
import { createDashboardService } from "../dashboard/service";
import { EMAIL_DIGESTS_JOB } from "./delivery";
import type { DigestPayload } from "./payloads";
import { digestPeriod } from "./team";

const LA = "America/Los_Angeles";
const mailApp = mailTestApp();
const { clock, kit, deliver, mailsTo } = mailApp;
type Choices = { newMember: boolean; failedPayment: boolean; refund: boolean; digest: string };
const NONE: Choices = { newMember: false, failedPayment: false, refund: false, digest: "none" };

async function choose(headers: { authorization: string }, choices: Partial<Choices>) {
  const res = await mailApp.t.app.inject({
    method: "PUT",
    url: "/api/v1/user/email-notifications",
    headers,
    payload: { ...NONE, ...choices },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A connected shop in Los Angeles with its owner and two staff members signed in. */
async function team() {
  const { merchant, shopId } = await kit().connectedShop();
  await mailApp.db
    .update(shops)
    .set({ name: "Blue Door", timeZone: LA })
    .where(eq(shops.id, shopId));
  const owner = {
    ...merchant,
    headers: { authorization: (await loginAs(mailApp.t.app, merchant)).authorization },
  };
  const staff = await createStaff(mailApp.db, shopId);
  const staffHeaders = { authorization: (await loginAs(mailApp.t.app, staff)).authorization };
  const leaver = await createStaff(mailApp.db, shopId);
  const leaverHeaders = { authorization: (await loginAs(mailApp.t.app, leaver)).authorization };
  return {
    shopId,
    owner,
    staff: { ...staff, headers: staffHeaders },
    leaver: { ...leaver, headers: leaverHeaders },
  };
}

async function buyMembership(shopId: number, tierId: number) {
  const who = await kit().customerOf(shopId);
  return { who, ...(await kit().buyMembership(who, shopId, tierId)) };
}

// Each test signs several people in and buys through the card checkout: in the parallel
// suite on two busy cores that has gone past the default 30 s.
describe("merchant e-mails", { timeout: 90_000 }, () => {
  it("sends each instant e-mail once, to the people who chose it only", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { shopId, owner, staff, leaver } = await team();
    const other = await team();
    expect(await choose(owner.headers, { newMember: true, refund: true })).toEqual({
      ...NONE,
      newMember: true,
      refund: true,
    });
    await choose(staff.headers, { failedPayment: true });
    await choose(leaver.headers, { newMember: true, failedPayment: true, refund: true });
    // A disabled staff member keeps their row but gets nothing.
    await mailApp.db.update(users).set({ status: "disabled" }).where(eq(users.id, leaver.user.id));
    await choose(other.owner.headers, { newMember: true, failedPayment: true, refund: true });

    const tier = await createTier(mailApp.db, shopId, {
      name: "Gold",
      priceCents: 2499,
    });
    const { who, membershipId } = await buyMembership(shopId, tier.id);
    await deliver();
    await deliver();
    const joined = mailsTo(owner.email).filter((m) => m.subject.startsWith("New member"));
    expect(joined).toHaveLength(1);
    expect(joined[0]?.subject).toBe("New member: Cleo Customer joined Gold");
    expect(joined[0]?.text).toMatch(/Paid:\s+\$24\.99/);
    expect(joined[0]?.text).toContain(`http://localhost:3000/merchant/members/${who.customer.id}`);
    expect(joined[0]?.html).toContain("Blue Door");
    expect(joined[0]?.text).toContain("because you chose new member e-mails for Blue Door");
    expect(mailsTo(staff.email)).toHaveLength(0);
    expect(mailsTo(leaver.email)).toHaveLength(0);
    expect(mailsTo(other.owner.email)).toHaveLength(0);

    // The renewal is declined: the staff member who asked hears of it, once.
    await kit().declineSavedCard(membershipId);
    clock.now = new Date("2026-12-22T15:00:01Z");
    await mailApp.t.app.services.payments.renewals.runRenewals(50, { shopId });
    await mailApp.t.app.services.payments.renewals.runRenewals(50, { shopId });
    await deliver();
    const failed = mailsTo(staff.email);
    expect(failed.map((x) => x.subject)).toEqual(["Payment failed: Cleo Customer, Gold renewal"]);
    expect(failed[0]?.text).toContain(
      "The Gold renewal of Cleo Customer ($24.99) did not go through.",
    );
    // Each notice about a member links to the member and names the choice that sent it.
    expect(failed[0]?.text).toContain(`/merchant/members/${who.customer.id}`);
    expect(failed[0]?.text).toContain("because you chose failed payment e-mails");
    expect(mailsTo(owner.email).filter((x) => x.subject.startsWith("Payment failed"))).toHaveLength(
      0,
    );

    // The first payment is refunded: the owner hears of it, once.
    const [paid] = await mailApp.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.customerId, who.customer.id), eq(transactions.status, "succeeded")),
      );
    await mailApp.t.app.services.payments.refunds.refundTransaction({
      shopId,
      transactionId: paid?.id as number,
    });
    await deliver();
    await deliver();
    const refunds = mailsTo(owner.email).filter((x) => x.subject.startsWith("Refund"));
    expect(refunds.map((x) => x.subject)).toEqual(["Refund: $24.99 to Cleo Customer"]);
    expect(refunds[0]?.text).toContain(`/merchant/members/${who.customer.id}`);
    expect(refunds[0]?.text).toContain("because you chose refund e-mails");
    expect(mailsTo(staff.email)).toHaveLength(1);
    expect(mailsTo(leaver.email)).toHaveLength(0);
    expect(mailsTo(other.owner.email)).toHaveLength(0);
    clock.now = new Date("2026-11-22T15:00:00Z");
  });

  it("sends the digest at 08:00 shop time, once, with the dashboard's figures for the day", async () => {
    const { shopId, owner, staff } = await team();
    await choose(owner.headers, { digest: "daily", newMember: true });
    await choose(staff.headers, { digest: "none", refund: true });
    const tier = await createTier(mailApp.db, shopId, {
      name: "Silver",
      priceCents: 1500,
    });
    const offer = await createOffer(mailApp.db, shopId, {
      offerName: "Coffee box",
      offerPriceCents: 1250,
      originalPriceCents: 2000,
    });
    // Two memberships and an offer on Dec 1 (Los Angeles), one membership either side of it.
    const at = (iso: string) => new Date(iso);
    const inDay = [
      at("2026-12-01T08:00:30Z"),
      at("2026-12-01T20:00:00Z"),
      at("2026-12-02T07:59:00Z"),
    ];
    const outside = [at("2026-12-01T07:59:59Z"), at("2026-12-02T08:00:00Z")];
    const bought = [];
    for (let i = 0; i < 4; i++) bought.push(await buyMembership(shopId, tier.id));
    const who = bought[0]?.who as Awaited<ReturnType<typeof buyMembership>>["who"];
    await kit().buyOffer(who, shopId, offer.id);
    const rows = await mailApp.db
      .select()
      .from(transactions)
      .where(eq(transactions.shopId, shopId));
    const times = [inDay[0], inDay[1], outside[0], outside[1], inDay[2]];
    for (const [i, row] of rows.entries()) {
      await mailApp.db
        .update(transactions)
        .set({ createdAt: times[i] })
        .where(eq(transactions.id, row.id));
    }
    // One membership ended and one redemption that day, one redemption the day before.
    await mailApp.db
      .update(customerMemberships)
      .set({ status: "expired", endedAt: at("2026-12-01T18:00:00Z") })
      .where(eq(customerMemberships.id, bought[1]?.membershipId as number));
    for (const day of [at("2026-12-01T19:00:00Z"), at("2026-11-30T19:00:00Z")]) {
      await mailApp.db.insert(redemptions).values({
        shopId,
        customerId: who.customer.id,
        customerName: "Cleo Customer",
        redemptionType: "cashback",
        item: "Cashback",
        valueCents: 100,
        performedBy: "merchant",
        performedByName: "Olive Owner",
        redemptionDate: day,
      });
    }

    // 07:55 in Los Angeles: not yet. 08:05: once, however often the job runs.
    clock.now = new Date("2026-12-02T15:55:00Z");
    await mailApp.t.app.jobs.runNow(EMAIL_DIGESTS_JOB);
    clock.now = new Date("2026-12-02T16:05:00Z");
    await mailApp.t.app.jobs.runNow(EMAIL_DIGESTS_JOB);
    await mailApp.t.app.jobs.runNow(EMAIL_DIGESTS_JOB);
    await deliver();
    clock.now = new Date("2026-12-02T23:00:00Z");
    await mailApp.t.app.jobs.runNow(EMAIL_DIGESTS_JOB);
    await deliver();
    const digests = mailsTo(owner.email).filter((m) => m.subject.startsWith("Blue Door:"));
    expect(digests).toHaveLength(1);
    expect(mailsTo(staff.email).filter((m) => m.subject.startsWith("Blue Door:"))).toHaveLength(0);

    // The dashboard on Dec 2 at midnight, "this month": exactly Dec 1.
    const dashboard = createDashboardService({
      db: mailApp.db,
      now: () => startOfDay("2026-12-02", LA),
    });
    const { stats } = await dashboard.getDashboardStats({ shopId }, "currentMonth");
    const [row] = await mailApp.db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.shopId, shopId), eq(emailOutbox.template, "team_digest")));
    const figures = (row?.payload as DigestPayload | undefined)
      ?.figures as DigestPayload["figures"];
    expect(figures.membershipRevenueCents / 100).toBe(stats.totalRecurringRevenue);
    expect(figures.offerRevenueCents / 100).toBe(stats.totalRevenue);
    expect(figures.newMembers).toBe(stats.newMemberships);
    expect(figures).toEqual({
      membershipRevenueCents: 3000,
      offerRevenueCents: 1250,
      newMembers: 2,
      churnedMembers: 1,
      redemptions: 1,
    });
    const mail = digests[0];
    expect(mail?.subject).toBe("Blue Door: $42.50 revenue, 2 new members (Dec 1, 2026)");
    expect(mail?.text).toMatch(/Revenue:\s+\$42\.50/);
    expect(mail?.text).toMatch(/Memberships ended:\s+1/);
    expect(mail?.text).toMatch(/Redemptions:\s+1/);
    clock.now = new Date("2026-11-22T15:00:00Z");
  });

  it("turns the digest off from its signed link and nothing else; a forged link is refused", async () => {
    const { shopId, owner, staff } = await team();
    await choose(owner.headers, { digest: "weekly", newMember: true, refund: true });
    await choose(staff.headers, { digest: "daily" });
    // Monday Dec 7, 09:00 in Los Angeles: the weekly digest of Nov 30 to Dec 6.
    clock.now = new Date("2026-12-07T17:00:00Z");
    await mailApp.t.app.jobs.runNow(EMAIL_DIGESTS_JOB);
    await deliver();
    const weekly = mailsTo(owner.email).find((m) => m.subject.startsWith("Blue Door:"));
    expect(weekly?.subject).toContain("(Nov 30, 2026 to Dec 6, 2026)");
    const link = weekly?.text.match(/Unsubscribe: (\S+)/)?.[1] as string;
    expect(link).toContain("/api/v1/emails/unsubscribe?");
    const url = new URL(link);
    const path = `${url.pathname}${url.search}`;

    // Altered: the staff member's id under the owner's signature; a customer link's kind.
    const forged = new URL(link);
    forged.searchParams.set("c", String(staff.user.id));
    const altered = await mailApp.t.app.inject({
      method: "POST",
      url: `${forged.pathname}${forged.search}`,
    });
    expect(altered.statusCode).toBe(400);
    const kind = new URL(link);
    kind.searchParams.set("k", "reminders");
    expect(
      (await mailApp.t.app.inject({ method: "POST", url: `${kind.pathname}${kind.search}` }))
        .statusCode,
    ).toBe(400);

    const page = await mailApp.t.app.inject({
      method: "GET",
      url: path,
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Unsubscribe from the digest");
    const done = await mailApp.oneClickUnsubscribe(path);
    expect(done.statusCode).toBe(200);
    const mine = await mailApp.t.app.inject({
      method: "GET",
      url: "/api/v1/user/email-notifications",
      headers: owner.headers,
    });
    expect(mine.json()).toEqual({ ...NONE, newMember: true, refund: true });
    const theirs = await mailApp.t.app.inject({
      method: "GET",
      url: "/api/v1/user/email-notifications",
      headers: staff.headers,
    });
    expect(theirs.json()).toEqual({ ...NONE, digest: "daily" });
    expect(shopId).toBeGreaterThan(0);
    clock.now = new Date("2026-11-22T15:00:00Z");
  });

  it("picks the period: yesterday after 08:00, the week before on Mondays, local midnights", () => {
    expect(digestPeriod("daily", LA, new Date("2026-12-02T15:59:00Z"))).toBeNull();
    expect(digestPeriod("daily", LA, new Date("2026-12-02T16:00:00Z"))).toEqual({
      firstDay: "2026-12-01",
      lastDay: "2026-12-01",
      start: new Date("2026-12-01T08:00:00Z"),
      end: new Date("2026-12-02T08:00:00Z"),
    });
    expect(digestPeriod("weekly", LA, new Date("2026-12-08T17:00:00Z"))).toBeNull();
    // Across the end of summer time: the week is 7 local days, 169 hours.
    const week = digestPeriod("weekly", LA, new Date("2026-11-02T17:00:00Z"));
    expect(week?.firstDay).toBe("2026-10-26");
    expect(((week?.end.getTime() ?? 0) - (week?.start.getTime() ?? 0)) / 3_600_000).toBe(169);
  });
});
