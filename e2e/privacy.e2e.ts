import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { unzip } from "../apps/api/src/test/zip";
import { appJourney } from "./support/app-journey";
import { fillLogin, openPage, screenshot, waitForPath, watchConsole } from "./support/browser";
import {
  buyTierByCard,
  CUSTOMER_PASSWORD,
  customerSignInStatus,
  DEMO_SHOP,
  SANDBOX_CARDS,
  seedCustomerSession,
  shopCatalogue,
  verifiedCustomer,
} from "./support/customers";
import { DEMO_OWNER, runId, settled, viewportEntries } from "./support/journey";

/**
 * Privacy (issue 24): a member of the demo shop downloads their data from the profile (the zip
 * holds every file, with their rows), then deletes their account: they are signed out with the
 * outcome and can no longer log in. Desktop and phone, the confirmation also in dark mode.
 */

const FILES = [
  "README.txt",
  "cashback-ledger.json",
  "memberships.json",
  "notifications.json",
  "offers.json",
  "profile.json",
  "redemptions.json",
  "transactions.json",
];

type Customer = { email: string; id: number; token: string };

describe("privacy: a member downloads their data and deletes their account", () => {
  const journey = appJourney({
    env: { RATE_LIMIT_PER_MINUTE: "300" },
    startupMs: 120_000,
    setUpMs: 180_000,
  });
  const openPages = new Set<Page>();

  /** A verified member of the shop's Bronze tier, paid with the sandbox card. */
  async function member(who: string): Promise<Customer> {
    const { email, id, token } = await verifiedCustomer(journey.server.url, {
      firstName: "Pia",
      lastName: "Private",
      email: `${who}-${runId}@e2e.test`,
      password: CUSTOMER_PASSWORD,
      shopId: DEMO_SHOP.id,
    });
    const { tiers } = await shopCatalogue<{ id: number; name: string; price: number }, unknown>(
      journey.server.url,
      DEMO_SHOP.id,
    );
    const tier = tiers.find((t) => t.name === "Bronze") ?? tiers[0];
    if (!tier) throw new Error("the demo shop sells no tier");
    await buyTierByCard(journey.server.url, { id, token }, tier, DEMO_SHOP.id, {
      number: SANDBOX_CARDS.approved,
      name: "Pia Private",
    });
    return { email, id, token };
  }

  async function customerPage(customer: Customer, viewport: { width: number; height: number }) {
    const page = await openPage(journey.browser, viewport);
    page.setDefaultTimeout(15_000);
    openPages.add(page);
    page.on("close", () => openPages.delete(page));
    await seedCustomerSession(page, customer, DEMO_SHOP.id, "tab");
    return page;
  }

  afterEach(async (context) => {
    const failed = context.task.result?.state === "fail";
    for (const page of [...openPages]) {
      if (failed) await screenshot(page, `privacy-failed-${Date.now()}`).catch(() => undefined);
      await page.close().catch(() => undefined);
    }
    if (failed) console.log(`server output:\n${journey.server.output().slice(-3000)}`);
  });

  for (const [size, viewport] of viewportEntries) {
    it(`the owner downloads a member's data and erases them from the member page (${size})`, async () => {
      const customer = await member(`owner-erases-${size}`);
      const page = await openPage(journey.browser, viewport);
      page.setDefaultTimeout(15_000);
      openPages.add(page);
      await page.goto(`${journey.server.url}/`);
      await fillLogin(page, DEMO_OWNER.email, DEMO_OWNER.password);
      await waitForPath(page, "/merchant/dashboard");
      await page.goto(`${journey.server.url}/merchant/members/${customer.id}`);
      await page.getByRole("heading", { level: 1, name: "Pia Private" }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download data" }).click(),
      ]);
      const files = await unzip(await readFile(await download.path()));
      expect(JSON.parse(files["profile.json"] ?? "{}").customer.id).toBe(customer.id);
      await screenshot(page, `privacy-member-actions-${size}`);

      await page.getByRole("button", { name: "Erase member" }).click();
      const dialog = page.getByRole("dialog", { name: "Erase Pia Private's personal data?" });
      await dialog.waitFor();
      await dialog.getByLabel("Type ERASE to confirm").fill("ERASE");
      await settled(dialog);
      await screenshot(page, `privacy-erase-member-dialog-${size}`);
      await dialog.getByRole("button", { name: "Erase member" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("heading", { level: 1, name: "Erased member" }).waitFor();
      await screenshot(page, `privacy-member-erased-${size}`);
      const me = await fetch(`${journey.server.url}/api/v1/customer/auth/me`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(me.status).toBe(401);
    });

    it(`downloads the data, deletes the account, cannot log in again (${size})`, async () => {
      const customer = await member(`privacy-${size}`);
      const page = await customerPage(customer, viewport);
      const problems = watchConsole(page);
      if (size === "phone") {
        await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      }
      await page.goto(`${journey.server.url}/${DEMO_SHOP.id}/customer/profile-overview`);
      const section = page.getByRole("region", { name: "Your data" });
      await section.waitFor();
      await page.getByText(customer.email).first().waitFor();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `privacy-your-data-${size}`);

      // The download: every file, with this member's own rows.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        section.getByRole("button", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^member-\d+-data_\d{4}-\d{2}-\d{2}\.zip$/);
      const files = await unzip(await readFile(await download.path()));
      expect(Object.keys(files).sort()).toEqual(FILES);
      expect(JSON.parse(files["profile.json"] ?? "{}").customer.email).toBe(customer.email);
      expect(JSON.parse(files["transactions.json"] ?? "[]")).toHaveLength(1);
      expect(JSON.parse(files["memberships.json"] ?? "[]")[0]?.status).toBe("active");

      // Delete my account: the explanation, the typed word, then signed out with the outcome.
      await section.getByRole("button", { name: "Delete my account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await dialog.waitFor();
      await settled(dialog);
      const confirm = dialog.getByRole("button", { name: "Delete my account" });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel("Type ERASE to confirm").fill("ERASE");
      await screenshot(page, `privacy-delete-dialog-${size}${size === "phone" ? "-dark" : ""}`);
      await confirm.click();
      await waitForPath(page, `/${DEMO_SHOP.id}/login`);
      const toast = page.getByRole("alert").filter({ hasText: "Your account was deleted" });
      await toast.first().waitFor();
      await settled(toast.first());
      await screenshot(page, `privacy-signed-out-${size}`);

      // The old address and password open nothing any more.
      await fillLogin(page, customer.email, CUSTOMER_PASSWORD);
      await page
        .getByText(/invalid|incorrect|not found/i)
        .first()
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${DEMO_SHOP.id}/login`);
      const credentials = { email: customer.email, password: CUSTOMER_PASSWORD };
      expect(await customerSignInStatus(journey.server.url, DEMO_SHOP.id, credentials)).toBe(401);
      const old = await fetch(`${journey.server.url}/api/v1/customer/auth/me`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(old.status).toBe(401);
      expect(
        problems.filter((p) => !p.includes("the server responded with a status of 401")),
      ).toEqual([]);
    });
  }
});
