import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fillLogin,
  launchBrowser,
  screenshot,
  viewports,
  waitForPath,
  watchConsole,
} from "./support/browser";
import { writeQrVideo } from "./support/fake-camera";
import { callApi, notificationBell, unreadOnBell } from "./support/journey";
import { type RunningServer, startServer } from "./support/server";

/**
 * The member card (issue 16) end to end: the customer opens the card on a phone, staff on a
 * desktop scan it with Chromium's fake camera (a video of the QR code the page shows, through
 * the real getUserMedia and QR-reading path), land on the member's page and redeem a benefit;
 * the customer's bell shows it. After the customer replaces the code, the old card is refused.
 */

const SHOP_ID = 1;
const STAFF = { email: "staff@demo-shop.test", password: "Demo@1234" };
const CUSTOMER = { email: "ava@demo-customer.test", password: "Demo@1234" };
const NOT_FOUND = "No member with this card in your shop";

type Card = { code: string; url: string; memberName: string; tier: string | null };

function poll<T>(read: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(read, { timeout, interval: 100 });
}

describe("member card (issue 16)", () => {
  let server: RunningServer;
  let customerBrowser: Browser;
  const cameraBrowsers: Browser[] = [];
  const videoDir = mkdtempSync(join(tmpdir(), "tessera-camera-"));

  const api = <T>(path: string, init: RequestInit & { token?: string } = {}) =>
    callApi<T>(server.url, path, init);

  /** A desktop page for staff in a Chromium whose camera films `text` as a QR code. */
  async function staffWithCamera(text: string, name: string) {
    const video = join(videoDir, `${name}.y4m`);
    await writeQrVideo(video, text);
    const browser = await launchBrowser([
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    cameraBrowsers.push(browser);
    const context = await browser.newContext({
      viewport: viewports.desktop,
      permissions: ["camera"],
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${server.url}/`);
    await fillLogin(page, STAFF.email, STAFF.password);
    await waitForPath(page, "/merchant/dashboard");
    return page;
  }

  /** Opens the scanner; the camera may read the card and close it again at once. */
  async function clickScan(page: Page) {
    await page.goto(`${server.url}/merchant/members`);
    await page.getByRole("heading", { name: "Members", exact: true }).waitFor();
    await page.getByRole("button", { name: "Scan card" }).click();
    return page.getByRole("dialog", { name: "Scan a member card" });
  }

  async function openScanner(page: Page) {
    const dialog = await clickScan(page);
    await dialog.waitFor();
    return dialog;
  }

  beforeAll(async () => {
    // The demo seed takes a while on a busy machine.
    server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: "300" }, startupMs: 90_000 });
    customerBrowser = await launchBrowser();
  });
  afterAll(async () => {
    for (const browser of cameraBrowsers) await browser.close();
    await customerBrowser?.close();
    await server?.stop();
  });

  it("customer shows the card on a phone, staff scan it, redeem a benefit; a replaced code is refused", async () => {
    // The customer, on a phone, opens the card from the dashboard's Member card panel.
    const phone = await customerBrowser.newContext({ viewport: viewports.phone });
    const customerPage = await phone.newPage();
    customerPage.setDefaultTimeout(20_000);
    const customerProblems = watchConsole(customerPage);
    await customerPage.goto(`${server.url}/${SHOP_ID}/login`);
    await fillLogin(customerPage, CUSTOMER.email, CUSTOMER.password);
    await waitForPath(customerPage, `/${SHOP_ID}/customer/dashboard`);
    const panel = customerPage.getByRole("heading", { name: "Member card" });
    await panel.waitFor();
    await screenshot(customerPage, "member-card-dashboard-phone");
    await customerPage.getByRole("link", { name: "Show my card" }).click();
    await waitForPath(customerPage, `/${SHOP_ID}/customer/card`);
    const qr = customerPage.getByRole("img", { name: /QR code of Ava Chen's member card/ });
    await qr.waitFor();
    await customerPage.getByText("Turn your screen brightness up").waitFor();
    await customerPage.getByText("Gold", { exact: true }).waitFor();
    await screenshot(customerPage, "member-card-view-phone");

    // Offline once opened: the card stays, with a notice.
    await phone.setOffline(true);
    await customerPage.getByText("You are offline").waitFor();
    expect(await qr.isVisible()).toBe(true);
    await screenshot(customerPage, "member-card-offline-phone");
    await phone.setOffline(false);

    const token = (await customerPage.evaluate(() => localStorage.getItem("token"))) as string;
    const customerId = (
      JSON.parse((await customerPage.evaluate(() => localStorage.getItem("customer"))) ?? "{}") as {
        id: number;
      }
    ).id;
    const { card } = await api<{ card: Card }>(`/customer/member-card/${customerId}`, { token });

    // Staff on a desktop: Scan card, the fake camera films the card's QR code.
    const staffPage = await staffWithCamera(card.url, "card");
    const staffProblems = watchConsole(staffPage);
    // Not waiting for the dialog to show: a good card can be read and the dialog closed before
    // a check would see it (it did on a busy machine); the member's page is what counts.
    const dialog = await clickScan(staffPage);
    await waitForPath(staffPage, `/merchant/members/${customerId}`);
    await staffPage.getByRole("heading", { name: "Ava Chen" }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await screenshot(staffPage, "member-card-scanned-member-desktop");

    // The customer watches the dashboard while staff redeem a benefit.
    await customerPage.getByRole("link", { name: "Close the member card" }).click();
    await waitForPath(customerPage, `/${SHOP_ID}/customer/dashboard`);
    await notificationBell(customerPage).waitFor();
    const unreadBefore = await unreadOnBell(customerPage);

    await staffPage
      .getByRole("main")
      .getByRole("link", { name: /^Redeem / })
      .first()
      .click();
    const benefits = staffPage.getByRole("dialog", { name: "Redeem Benefit" });
    await benefits.waitFor();
    const redeem = benefits.getByRole("button", { name: /^Redeem / }).first();
    await redeem.click();
    await benefits.waitFor({ state: "hidden" });
    await poll(() => unreadOnBell(customerPage)).toBeGreaterThan(unreadBefore);
    await notificationBell(customerPage).click();
    await customerPage
      .getByRole("listitem")
      .filter({ hasText: /redeem/i })
      .first()
      .waitFor();
    await screenshot(customerPage, "member-card-bell-phone");
    await customerPage.keyboard.press("Escape");

    // The customer replaces the code on the profile.
    await customerPage.goto(`${server.url}/${SHOP_ID}/customer/profile-overview`);
    await customerPage.getByRole("button", { name: "Replace card code" }).click();
    const confirm = customerPage.getByRole("dialog", { name: "Replace your member card's code?" });
    await confirm.getByRole("button", { name: "Replace code" }).click();
    await confirm.waitFor({ state: "hidden" });
    const { card: replaced } = await api<{ card: Card }>(`/customer/member-card/${customerId}`, {
      token,
    });
    expect(replaced.code).not.toBe(card.code);

    // A second scan of the old card is refused and opens nothing.
    const oldCardPage = await staffWithCamera(card.url, "old-card");
    const oldDialog = await openScanner(oldCardPage);
    await oldDialog.getByRole("alert").filter({ hasText: NOT_FOUND }).waitFor();
    expect(new URL(oldCardPage.url()).pathname).toBe("/merchant/members");
    await screenshot(oldCardPage, "member-card-refused-desktop");

    // A USB scanner types the new card's address and Enter into the field: found.
    const field = oldDialog.getByLabel("Card code");
    await field.fill(replaced.url);
    await field.press("Enter");
    await waitForPath(oldCardPage, `/merchant/members/${customerId}`);

    const unexpected = (problems: string[]) =>
      problems.filter((p) => !p.includes("status of 404") && !/ERR_INTERNET_DISCONNECTED/.test(p));
    expect(unexpected(customerProblems)).toEqual([]);
    expect(unexpected(staffProblems)).toEqual([]);
  }, 240_000);
});
