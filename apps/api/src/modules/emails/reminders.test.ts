import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerOffers, emailOutbox, shops } from "../../db/schema";
import { createOffer, createTier, loginAs } from "../../test/factories";
import { mailTestApp } from "../../test/mail-app";

const DAY = 24 * 60 * 60 * 1000;

const mailApp = mailTestApp();
const { clock, kit, mailsTo, runJobs } = mailApp;

/** The customer bought the offer ($5) at the clock's now; it lasts `lifetimeMs`. */
async function boughtNow(shopId: number, customerId: number, offerId: number, lifetimeMs: number) {
  await mailApp.db.insert(customerOffers).values({
    shopId,
    customerId,
    offerId,
    pricePaidCents: 500,
    purchasedAt: clock.now,
    expiresAt: new Date(clock.now.getTime() + lifetimeMs),
  });
}

async function memberOf(tierOverrides: Parameters<typeof createTier>[2]) {
  const { shopId, merchant } = await kit().connectedShop();
  await mailApp.db.update(shops).set({ timeZone: "Europe/Paris" }).where(eq(shops.id, shopId));
  const tier = await createTier(mailApp.db, shopId, tierOverrides);
  const who = await kit().customerOf(shopId);
  await kit().buyMembership(who, shopId, tier.id);
  return { shopId, merchant, tier, who };
}

// Each test signs several people in and buys through the card checkout: in the parallel
// suite on two busy cores that has gone past the default 30 s.
describe("reminders", { timeout: 90_000 }, () => {
  it("reminds 3 days before a monthly renewal, once, with one-click unsubscribe headers", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { who } = await memberOf({ name: "Monthly", priceCents: 1200, renewal: "monthly" });
    await runJobs();
    const receipts = mailsTo(who.customer.email).length;
    // Renews Dec 22: 4 days before nothing, 3 days before the reminder.
    clock.now = new Date("2026-12-18T15:00:00Z");
    await runJobs();
    expect(mailsTo(who.customer.email)).toHaveLength(receipts);
    clock.now = new Date("2026-12-19T15:00:01Z");
    await runJobs();
    await runJobs();
    const reminders = mailsTo(who.customer.email).slice(receipts);
    expect(reminders.map((m) => m.subject)).toEqual([
      "Your Monthly membership renews on Dec 22, 2026",
    ]);
    expect(reminders[0]?.text).toContain("$12.00 will be charged to Visa");
    const [row] = await mailApp.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "renewal_reminder"));
    expect(row?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(row?.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/emails\/unsubscribe\?c=\d+&k=reminders&s=[\w-]+>$/,
    );
    expect(row?.category).toBe("reminders");
  });

  it("uses the shop's lead time for yearly plans", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { who, merchant } = await memberOf({
      name: "Yearly",
      priceCents: 9900,
      renewal: "yearly",
    });
    const owner = await loginAs(mailApp.t.app, {
      email: merchant.email,
      password: merchant.password,
    });
    const set = await mailApp.t.app.inject({
      method: "PUT",
      url: "/api/v1/shop/email-settings",
      headers: owner,
      payload: { yearlyReminderDays: 10, monthlyReminderDays: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const bad = await mailApp.t.app.inject({
      method: "PUT",
      url: "/api/v1/shop/email-settings",
      headers: owner,
      payload: { yearlyReminderDays: 0, monthlyReminderDays: 3 },
    });
    expect(bad.statusCode).toBe(400);
    await runJobs();
    const before = mailsTo(who.customer.email).length;
    clock.now = new Date(Date.parse("2027-11-22T15:00:00Z") - 11 * DAY);
    await runJobs();
    expect(mailsTo(who.customer.email)).toHaveLength(before);
    clock.now = new Date(Date.parse("2027-11-22T15:00:00Z") - 10 * DAY + 1000);
    await runJobs();
    expect(
      mailsTo(who.customer.email)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual(["Your Yearly membership renews on Nov 22, 2027"]);
  });

  it("reminds 48 hours before a bought offer expires unredeemed", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { shopId } = await kit().connectedShop();
    const offer = await createOffer(mailApp.db, shopId, { offerName: "Cake day" });
    const who = await kit().customerOf(shopId);
    await boughtNow(shopId, who.customer.id, offer.id, 5 * DAY);
    await runJobs();
    expect(mailsTo(who.customer.email)).toHaveLength(0);
    clock.now = new Date(Date.parse("2026-11-22T15:00:00Z") + 3 * DAY + 1000);
    await runJobs();
    await runJobs();
    expect(mailsTo(who.customer.email).map((m) => m.subject)).toEqual([
      "Your Cake day offer expires soon",
    ]);
  });
});

describe("unsubscribe", () => {
  it("turns reminders off from the signed link and nothing else; forged or altered links are refused", async () => {
    clock.now = new Date("2026-11-22T15:00:00Z");
    const { who, shopId } = await memberOf({ name: "Club", priceCents: 1500, renewal: "monthly" });
    clock.now = new Date("2026-12-19T15:00:01Z");
    await runJobs();
    const reminder = mailsTo(who.customer.email).find((m) => m.subject.includes("renews on"));
    const link = mailApp.smtp.linkIn(
      reminder as NonNullable<typeof reminder>,
      "/api/v1/emails/unsubscribe",
    );
    const path = `${link.pathname}${link.search}`;

    // Altered: another customer's id with this signature; made up; another kind.
    const other = new URL(link);
    other.searchParams.set("c", String(who.customer.id + 1));
    const forged = new URL(link);
    forged.searchParams.set("s", "A".repeat(43));
    const kind = new URL(link);
    kind.searchParams.set("k", "receipts");
    for (const bad of [other, forged, kind]) {
      const url = `${bad.pathname}${bad.search}`;
      // A browser gets a page; a mail provider's one-click request the API's JSON error.
      const res = await mailApp.t.app.inject({
        method: "POST",
        url,
        headers: { accept: "text/html" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain("This link does not work");
      const oneClick = await mailApp.t.app.inject({ method: "POST", url });
      expect(oneClick.statusCode).toBe(400);
      expect(oneClick.json().message).toMatch(/^This unsubscribe link is not valid/);
    }
    const prefs = () =>
      mailApp.t.app.inject({
        method: "GET",
        url: `/api/v1/customer/email-preferences/${who.customer.id}`,
        headers: who.headers,
      });
    expect((await prefs()).json()).toEqual({ reminders: true });

    // Opening the link only asks; the button (or the one-click POST) turns it off.
    const shown = await mailApp.t.app.inject({ method: "GET", url: path });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<form method="post">');
    expect((await prefs()).json()).toEqual({ reminders: true });
    const done = await mailApp.oneClickUnsubscribe(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect((await prefs()).json()).toEqual({ reminders: false });

    // No more reminders; receipts still go.
    const count = mailsTo(who.customer.email).length;
    clock.now = new Date("2027-01-19T15:00:01Z");
    const offer = await createOffer(mailApp.db, shopId, { offerName: "Later" });
    await boughtNow(shopId, who.customer.id, offer.id, DAY);
    await runJobs();
    expect(mailsTo(who.customer.email)).toHaveLength(count);
    await mailApp.t.app.services.payments.renewals.runRenewals(50, { shopId });
    await runJobs();
    expect(
      mailsTo(who.customer.email)
        .slice(count)
        .map((m) => m.subject),
    ).toEqual([expect.stringMatching(/^Your receipt from /)]);

    // And back on from the profile.
    const on = await mailApp.t.app.inject({
      method: "PUT",
      url: `/api/v1/customer/email-preferences/${who.customer.id}`,
      headers: who.headers,
      payload: { reminders: true },
    });
    expect(on.json()).toEqual({ reminders: true });
  });
});
