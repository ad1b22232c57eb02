import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, launchBrowser, openPage, screenshot, viewports } from "./support/browser";
import {
  buyTierByCard,
  CUSTOMER_PASSWORD,
  DEMO_SHOP,
  SANDBOX_CARDS,
  verifiedCustomer,
} from "./support/customers";
import { callApi, poll, seeToast, settled, uniqueEmail } from "./support/journey";
import { linkIn, waitForMail } from "./support/mailbox";
import { type RunningServer, startServer } from "./support/server";

/**
 * Money e-mails in a real browser: a customer buys a membership with the sandbox card and gets
 * the receipt; the saved card starts declining and the renewal fails; the failure e-mail's
 * Pay now link, opened signed out, goes through the login to the renewal's payment; paid with
 * a good card, the membership is active again and the renewal's receipt arrives. Each e-mail's
 * HTML from the developer mailbox is opened in the browser and photographed.
 */

type Mail = { subject: string; text: string; html: string };
type Tier = { id: number; name: string; price: number };

async function mailsTo(baseUrl: string, to: string): Promise<Mail[]> {
  const res = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** The e-mail's HTML as a mail client would show it, photographed. */
async function photograph(browser: Browser, mail: Mail, name: string) {
  const page = await openPage(browser, { width: 720, height: 900 });
  await page.setContent(mail.html, { waitUntil: "load" });
  await screenshot(page, name);
  const text = await page.locator("body").innerText();
  await page.close();
  return text;
}

/**
 * The renewal comes due, as a month passing would: with the server stopped, the membership's
 * paid time ends a minute ago and its saved sandbox card starts declining. The renewal job
 * runs when the server starts again.
 */
async function makeRenewalDueWithDecliningCard(dataDir: string, customerId: number) {
  const db = await PGlite.create(join(dataDir, "db"));
  try {
    await db.query(
      `UPDATE sandbox_cards SET declines = true WHERE token IN
         (SELECT card_token FROM customer_memberships WHERE customer_id = $1)`,
      [customerId],
    );
    await db.query(
      `UPDATE customer_memberships SET expire_date = now() - interval '1 minute'
         WHERE customer_id = $1`,
      [customerId],
    );
  } finally {
    await db.close();
  }
}

describe("money e-mails journey", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ startupMs: 180_000 });
    browser = await launchBrowser();
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("receipt, failed renewal, Pay now from the e-mail through the login, renewal receipt", async () => {
    const email = uniqueEmail("renewer");
    const customer = await verifiedCustomer(server.url, {
      email,
      password: CUSTOMER_PASSWORD,
      firstName: "Rita",
      lastName: "Renewer",
      shopId: DEMO_SHOP.id,
    });
    const { memberships } = await callApi<{ memberships: Tier[] }>(
      server.url,
      `/customer/memberships/get-active-memberships?shopId=${DEMO_SHOP.id}`,
    );
    const tier = memberships.find((t) => t.name === "Bronze") as Tier;
    await buyTierByCard(server.url, customer, tier, DEMO_SHOP.id, {
      number: SANDBOX_CARDS.approved,
      name: "Rita Renewer",
    });

    const receipt = await waitForMail(server.url, email, /^Your receipt from/);
    const receiptText = await photograph(browser, receipt, "money-emails-receipt");
    expect(receiptText).toContain(tier.name);
    expect(receiptText).toContain(`$${tier.price.toFixed(2)}`);

    // A month later the saved card declines: the renewal fails and the e-mail says so.
    const dataDir = server.dataDir;
    await server.stop();
    await makeRenewalDueWithDecliningCard(dataDir, customer.id);
    server = await startServer({
      dataDir,
      startupMs: 180_000,
      port: Number(new URL(server.url).port),
    });
    const failed = await waitForMail(server.url, email, /renewal payment failed/, 60_000);
    const failedText = await photograph(browser, failed, "money-emails-renewal-failed");
    expect(failedText).toContain("We will try your card again on");
    const link = linkIn(failed, `/${DEMO_SHOP.id}/customer/dashboard`);
    expect(new URL(link).search).toBe("?pay=renewal");

    // The link, signed out: the login, then the renewal's payment.
    const page: Page = await openPage(browser, viewports.desktop);
    page.setDefaultTimeout(20_000);
    await page.goto(link);
    await page.waitForURL(`**/${DEMO_SHOP.id}/login`);
    await fillLogin(page, email, CUSTOMER_PASSWORD);
    const pay = page.getByRole("dialog", { name: `Pay your ${tier.name} renewal` });
    await pay.waitFor();
    expect(new URL(page.url()).search).toBe("?pay=renewal");
    await page.getByText("Your renewal payment did not go through").waitFor();
    await settled(pay);
    await screenshot(page, "money-emails-pay-renewal-panel");
    await pay.getByRole("button", { name: "Pay now" }).click();
    const form = page.frameLocator('iframe[title="Card payment"]');
    const submit = form.getByRole("button", { name: `Pay $${tier.price.toFixed(2)}` });
    await submit.waitFor();
    await form.getByLabel("Card number").fill(SANDBOX_CARDS.approved);
    await form.getByLabel("Expiry (MM/YY)").fill("12/30");
    await form.getByLabel("CVC").fill("123");
    await form.getByLabel("Name on card").fill("Rita Renewer");
    await submit.click();
    // Paid: the success toast, the banner goes and the membership is active again.
    await seeToast(page, "Payment successful", "first");
    await page.getByText("Your renewal payment did not go through").waitFor({ state: "hidden" });
    await page.getByText("Active", { exact: true }).first().waitFor();
    await screenshot(page, "money-emails-renewal-paid");

    // The renewal's receipt: a second receipt, for the renewal.
    await poll(
      async () =>
        (await mailsTo(server.url, email)).filter((m) => /^Your receipt/.test(m.subject)).length,
      30_000,
    ).toBe(2);
    const receipts = (await mailsTo(server.url, email)).filter((m) =>
      /^Your receipt/.test(m.subject),
    );
    const renewalReceipt = receipts.find((m) => m.html !== receipt.html) as Mail;
    const renewalText = await photograph(browser, renewalReceipt, "money-emails-renewal-receipt");
    expect(renewalText).toMatch(/renewal/i);
    const dashboard = await callApi<{ membership: { status: string } | null }>(
      server.url,
      `/customer/profile/get-customer/${customer.id}`,
      { token: customer.token },
    );
    expect(dashboard.membership?.status).toBe("active");
    await page.close();
  }, 480_000);
});
