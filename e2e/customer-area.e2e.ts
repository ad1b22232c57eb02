import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import {
  fillLogin,
  openPage,
  screenshot,
  seriousAxeViolations,
  viewports,
  waitForPath,
} from "./support/browser";
import { customerJourney } from "./support/customer-journey";
import {
  CUSTOMER_PASSWORD,
  customerDashboard,
  customerDashboardReady,
  customerSignInStatus,
  DEMO_SHOP,
  seedCustomerSession,
} from "./support/customers";
import {
  dismissToasts,
  poll,
  type Size,
  seeToast,
  settled,
  unexpectedProblems,
  viewportEntries,
} from "./support/journey";

/**
 * Customer area acceptance (issue 6): members of the demo shop (connected to the built-in
 * sandbox provider) redeem a benefit and see it disabled until next month, redeem cashback,
 * buy an offer entirely with cashback and redeem it, edit their profile with a picture and a
 * phone, change their password and log in with it, cancel their membership, and watch the
 * dashboard follow a redemption made in another session without a reload. Each journey makes
 * its own customer (signed up and verified through the API, membership paid with the sandbox
 * card). Desktop and phone, screenshots, axe in both themes.
 */

const NEW_PASSWORD = "Renewed@2026";

type Tier = { id: number; name: string; price: number; cashbackReward: number };
type Offer = { id: number; offerName: string; offerPrice: number };
type Membership = {
  id: number;
  membershipId: number;
  status: string;
  startDate: string;
  Benefits: { id: number; name: string }[];
};
type Dashboard = {
  customer: { firstName: string; lastName: string; phoneNumber: string | null };
  membership: Membership | null;
  rewardBalance: number;
  activeOffers: { customerOfferId: number; offerId: number; offerName: string }[];
};
type Customer = { email: string; password: string; id: number; token: string };

const dashboardPath = `/${DEMO_SHOP.id}/customer/dashboard`;
const profilePath = `/${DEMO_SHOP.id}/customer/profile-overview`;
const headerBalance = (page: Page) => page.getByRole("link", { name: /^Cashback balance / });
const benefitPanel = (page: Page) => page.getByRole("region", { name: "Redeem Benefit" });
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/** The header's balance as shown: "$2.00". */
async function shownBalance(page: Page): Promise<string> {
  const name = (await headerBalance(page).getAttribute("aria-label")) ?? "";
  return name.replace(/^Cashback balance (\$[\d,.]+).*$/, "$1");
}

/** Dashboard (desktop: the account dropdown; phone: the side menu) → Profile or Logout. */
async function chooseFromMenu(page: Page, size: Size, item: "Dashboard" | "Profile" | "Logout") {
  if (size === "desktop") {
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: item }).click();
    return;
  }
  await page.getByRole("button", { name: "Open menu" }).click();
  const sheet = dialog(page, DEMO_SHOP.name);
  await sheet.waitFor();
  await sheet.getByRole(item === "Logout" ? "button" : "link", { name: item }).click();
}

describe("customer area journeys", () => {
  const journey = customerJourney<Tier, Offer>({
    env: { RATE_LIMIT_PER_MINUTE: "300" },
    fileDirPrefix: "tessera-e2e-customer-",
  });
  const { api } = journey;
  /** Pages a test opened, so a failed test's are photographed and closed before the next. */
  const openPages = new Set<Page>();

  async function newPage(viewport: { width: number; height: number }) {
    const page = await openPage(journey.browser, viewport);
    page.setDefaultTimeout(15_000);
    openPages.add(page);
    page.on("close", () => openPages.delete(page));
    return page;
  }

  /** The status and message of a call that is expected to fail. */
  async function apiFailure(path: string, init: RequestInit & { token?: string } = {}) {
    const { token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    const res = await fetch(`${journey.server.url}/api/v1${path}`, { ...rest, headers });
    return { status: res.status, message: ((await res.json()) as { message: string }).message };
  }

  const dashboardOf = (customer: Pick<Customer, "id" | "token">) =>
    customerDashboard<Dashboard>(journey.server.url, customer);

  /** A customer signed up through the API and verified through the e-mailed link. */
  async function verifiedCustomer(who: string, firstName = "Mia"): Promise<Customer> {
    const { email, password, id, token } = await journey.verifiedCustomer(who, {
      firstName,
      lastName: "Member",
    });
    return { email, password, id, token };
  }

  /** Pays a tier as the card form would: intention, the sandbox's pay call, complete. */
  async function buyTier(customer: Customer, tierName: string) {
    const tier = journey.tierNamed(tierName);
    await journey.buyTierWithApprovedCard(customer, tier, "Mia Member");
    return tier;
  }

  /** A member of the tier, with a fresh account. */
  async function member(who: string, tierName: string) {
    const customer = await verifiedCustomer(who);
    const tier = await buyTier(customer, tierName);
    return { customer, tier };
  }

  /** A page already signed in as the customer, as the login page leaves the browser storage. */
  async function customerPage(customer: Customer, viewport: { width: number; height: number }) {
    const page = await newPage(viewport);
    await seedCustomerSession(page, customer, DEMO_SHOP.id, "tab");
    return page;
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.goto(`${journey.server.url}/${DEMO_SHOP.id}/login`);
    await fillLogin(page, email, password);
    await waitForPath(page, dashboardPath);
  }

  afterEach(async (context) => {
    const failed = context.task.result?.state === "fail";
    let index = 0;
    for (const page of [...openPages]) {
      if (failed) {
        index += 1;
        await screenshot(page, `customer-failed-${context.task.name.slice(0, 40)}-${index}`).catch(
          () => undefined,
        );
      }
      await page.close().catch(() => undefined);
    }
    if (failed) console.log(`server output:\n${journey.server.output().slice(-3000)}`);
  });

  for (const [size, viewport] of viewportEntries) {
    it(`a member redeems a benefit, then sees it disabled until next month (${size})`, async () => {
      const { customer } = await member(`benefit-${size}`, "Gold");
      const page = await customerPage(customer, viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${journey.server.url}${dashboardPath}`);
      await customerDashboardReady(page);

      // The panel: two of Gold's three benefits, and See All.
      const panel = benefitPanel(page);
      await panel.getByRole("heading", { name: "Redeem Benefit" }).waitFor();
      expect(await panel.getByRole("listitem").count()).toBe(2);
      const seeAll = panel.getByRole("link", { name: "See All 3 benefits" });
      expect(await seeAll.isVisible()).toBe(true);
      const redeemDrink = panel.getByRole("button", { name: "Redeem Free specialty drink" });
      await poll(() => redeemDrink.isEnabled()).toBe(true);
      await screenshot(page, `customer-benefits-${size}`);

      // Redeem → the confirmation over the dashboard → Redeem.
      await redeemDrink.click();
      const confirm = dialog(page, "Redeem Free specialty drink?");
      await confirm.waitFor();
      await settled(confirm);
      await waitForPath(page, `/${DEMO_SHOP.id}/customer/redeem-benefit`);
      await screenshot(page, `customer-benefit-confirm-${size}`);
      await confirm.getByRole("button", { name: "Redeem" }).click();
      await seeToast(page, "Benefit redeemed successfully", "first");
      await confirm.waitFor({ state: "hidden" });
      await waitForPath(page, dashboardPath);

      // Disabled, saying when it comes back: the same day the server names.
      await poll(() => redeemDrink.isDisabled()).toBe(true);
      const refusal = await apiFailure(
        `/customer/redemptions/create-redemption/${customer.id}?benefitId=${
          (await dashboardOf(customer)).membership?.Benefits.find(
            (b) => b.name === "Free specialty drink",
          )?.id
        }`,
        { method: "POST", token: customer.token },
      );
      expect(refusal.status).toBe(409);
      const availableOn = refusal.message.match(/available again on (.+)\.$/)?.[1];
      expect(availableOn).toMatch(/^\d{1,2} \w{3}, \d{4}$/);
      const row = panel.getByRole("listitem").filter({ hasText: "Free specialty drink" });
      await row.getByText(`Redeemed this month · available again on ${availableOn}`).waitFor();
      expect(
        await panel.getByRole("button", { name: "Redeem Bag of house beans" }).isEnabled(),
      ).toBe(true);
      await dismissToasts(page);
      await screenshot(page, `customer-benefit-redeemed-${size}`);

      // See All lists the three, the used one still disabled; a reload keeps it so.
      await page.reload();
      await customerDashboardReady(page);
      await seeAll.click();
      const all = dialog(page, "Redeem Benefit");
      await all.waitFor();
      await settled(all);
      expect(await all.getByRole("listitem").count()).toBe(3);
      await poll(() => all.getByRole("button", { name: "Redeem Free pastry" }).isEnabled()).toBe(
        true,
      );
      expect(
        await all.getByRole("button", { name: "Redeem Free specialty drink" }).isDisabled(),
      ).toBe(true);
      await screenshot(page, `customer-benefits-all-${size}`);
      await page.keyboard.press("Escape");
      await all.waitFor({ state: "hidden" });

      // The Redemptions tab has it.
      await page.getByRole("tab", { name: "Redemptions" }).click();
      const redemptions = page.getByRole("tabpanel", { name: "Redemptions" });
      await redemptions.getByText("Free specialty drink").first().waitFor();
      await screenshot(page, `customer-redemptions-${size}`);
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a member redeems cashback and the balance follows (${size})`, async () => {
      const { customer, tier } = await member(`cashback-${size}`, "Bronze");
      const page = await customerPage(customer, viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${journey.server.url}${dashboardPath}`);
      await customerDashboardReady(page);
      const start = (await dashboardOf(customer)).rewardBalance;
      expect(start).toBe(tier.cashbackReward);
      expect(await shownBalance(page)).toBe(`$${start.toFixed(2)}`);
      await screenshot(page, `customer-header-${size}`);

      // The header's balance opens redeem-cashback over the dashboard.
      await headerBalance(page).click();
      const modal = dialog(page, "Redeem Cashback");
      await modal.waitFor();
      await settled(modal);
      await waitForPath(page, `/${DEMO_SHOP.id}/customer/redeem-cashback`);
      const amount = modal.getByLabel("Amount to redeem");
      expect(await amount.getAttribute("step")).toBe("0.01");
      expect(await amount.getAttribute("min")).toBe("0");
      await modal.getByRole("button", { name: "Redeem" }).click();
      await modal.getByText("Please enter an amount to redeem.").waitFor();
      await amount.fill(String(start + 1));
      await modal.getByRole("button", { name: "Redeem" }).click();
      await modal.getByText("You cannot redeem more than your available cashback.").waitFor();
      await screenshot(page, `customer-cashback-invalid-${size}`);

      await amount.fill("0.75");
      await modal.getByRole("button", { name: "Redeem" }).click();
      await seeToast(page, "Cashback redeemed successfully", "first");
      await modal.waitFor({ state: "hidden" });
      await waitForPath(page, dashboardPath);
      const after = start - 0.75;
      await poll(() => shownBalance(page)).toBe(`$${after.toFixed(2)}`);
      await page
        .getByText(`$${after.toFixed(2)}`, { exact: true })
        .first()
        .waitFor();
      expect((await dashboardOf(customer)).rewardBalance).toBeCloseTo(after, 2);
      await dismissToasts(page);
      await screenshot(page, `customer-cashback-redeemed-${size}`);

      // The Billing tab shows the membership payment; Redemptions the cashback.
      await page.getByRole("tab", { name: "Billing" }).click();
      const billing = page.getByRole("tabpanel", { name: "Billing" });
      await billing.getByText(tier.name).first().waitFor();
      await billing.getByText("Paid").first().waitFor();
      await screenshot(page, `customer-billing-${size}`);
      await page.getByRole("tab", { name: "Redemptions" }).click();
      await page.getByRole("tabpanel", { name: "Redemptions" }).getByText("$0.75").waitFor();
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a member buys an offer entirely with cashback, then redeems it (${size})`, async () => {
      const { customer } = await member(`offer-${size}`, "Gold");
      const offer = journey.offers.find((o) => o.offerName === "Two-for-one lattes");
      if (!offer) throw new Error("no Two-for-one lattes on sale");
      const before = (await dashboardOf(customer)).rewardBalance;
      expect(before).toBeGreaterThanOrEqual(offer.offerPrice);
      const page = await customerPage(customer, viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${journey.server.url}${dashboardPath}`);
      await customerDashboardReady(page);

      await page.getByRole("tab", { name: "Offers" }).click();
      await page.getByRole("heading", { name: "No Offer available" }).waitFor();
      await page.getByRole("button", { name: `Buy ${offer.offerName}` }).click();
      const purchase = dialog(page, "Buy offer");
      await purchase.getByLabel("Use cashback").waitFor();
      await settled(purchase);
      await purchase.getByLabel("Use cashback").fill(String(offer.offerPrice));
      await purchase.getByText("cashback applied: nothing left to pay by card.").waitFor();
      await purchase.getByRole("button", { name: "Complete Purchase" }).click();
      await seeToast(page, "Offer purchased successfully", "first");
      await waitForPath(page, dashboardPath);
      expect(await page.getByRole("tab", { name: "Offers" }).getAttribute("aria-selected")).toBe(
        "true",
      );
      const mine = page.getByRole("region", { name: "Your offers" });
      const bought = mine.getByRole("article", { name: offer.offerName });
      await bought.waitFor();
      const paid = await dashboardOf(customer);
      expect(paid.rewardBalance).toBeCloseTo(before - offer.offerPrice, 2);
      await poll(() => shownBalance(page)).toBe(`$${paid.rewardBalance.toFixed(2)}`);
      await dismissToasts(page);
      await screenshot(page, `customer-offer-bought-${size}`);

      // Redeem asks first.
      await bought.getByRole("button", { name: `Redeem ${offer.offerName}` }).click();
      const confirm = dialog(page, `Redeem ${offer.offerName}?`);
      await confirm.waitFor();
      await settled(confirm);
      await screenshot(page, `customer-offer-redeem-confirm-${size}`);
      await confirm.getByRole("button", { name: "Redeem" }).click();
      await seeToast(page, "Offer redeemed successfully", "first");
      await mine.getByRole("heading", { name: "No Offer available" }).waitFor();
      expect((await dashboardOf(customer)).activeOffers).toEqual([]);

      // The Billing tab: paid $0 by card, all cashback.
      await page.getByRole("tab", { name: "Billing" }).click();
      const billing = page.getByRole("tabpanel", { name: "Billing" });
      await billing
        .getByText(`less $${offer.offerPrice.toFixed(2)} cashback`)
        .first()
        .waitFor();
      await page.getByRole("tab", { name: "Redemptions" }).click();
      await page
        .getByRole("tabpanel", { name: "Redemptions" })
        .getByText(offer.offerName)
        .first()
        .waitFor();
      await dismissToasts(page);
      await screenshot(page, `customer-offer-redeemed-${size}`);
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a customer edits the profile with a picture and a phone (${size})`, async () => {
      const customer = await verifiedCustomer(`profile-${size}`, "Pat");
      const picture = join(journey.fileDir, `me-${size}.png`);
      await sharp({ create: { width: 320, height: 320, channels: 3, background: "#7c3aed" } })
        .png()
        .toFile(picture);
      const page = await customerPage(customer, viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${journey.server.url}${dashboardPath}`);
      await customerDashboardReady(page);

      await chooseFromMenu(page, size, "Profile");
      await waitForPath(page, profilePath);
      const phoneRow = page.locator("dt", { hasText: "Phone Number" }).locator("+ dd");
      await poll(() => phoneRow.textContent()).toBe("-");
      await screenshot(page, `customer-profile-empty-${size}`);

      await page.getByRole("link", { name: "Update Info" }).click();
      await waitForPath(page, `${profilePath}/edit-profile`);
      await page.getByRole("heading", { name: "Update Profile" }).waitFor();
      await page.getByLabel(/^First name/).fill("Pa");
      await page.getByLabel("Phone number").fill("123");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("First name should have at least 3 letters").waitFor();
      await page.getByText("Invalid phone number for selected region").waitFor();
      await screenshot(page, `customer-edit-profile-invalid-${size}`);

      await page.getByLabel(/^First name/).fill("Patricia");
      // The country picker: the United Kingdom, then a UK mobile number.
      await page.getByRole("button", { name: /^Country: / }).click();
      const countries = dialog(page, "Select country");
      await countries.getByLabel("Search countries").fill("United Kingdom");
      await countries.getByRole("button", { name: /United Kingdom/ }).click();
      await countries.waitFor({ state: "hidden" });
      await page.getByLabel("Phone number").fill("7911 123456");
      await page.getByLabel("Profile picture").setInputFiles(picture);
      await page.getByRole("button", { name: `Remove me-${size}.png` }).waitFor();
      await screenshot(page, `customer-edit-profile-${size}`);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await seeToast(page, "Profile updated successfully", "first");
      await waitForPath(page, profilePath);

      await poll(() => phoneRow.textContent()).toBe("+44 7911 123456");
      const nameRow = page.locator("dt", { hasText: "Full Name" }).locator("+ dd");
      expect(await nameRow.textContent()).toBe("Patricia Member");
      const avatar = page.getByRole("img", { name: "Profile picture of Patricia Member" });
      await poll(() => avatar.getAttribute("src")).toMatch(/^\/uploads\//);
      // The header's picture is the new one too.
      const pictureUrl = await avatar.getAttribute("src");
      await poll(() => page.locator(`header img[src="${pictureUrl}"]`).count()).toBeGreaterThan(0);
      const saved = await dashboardOf(customer);
      expect(saved.customer).toMatchObject({
        firstName: "Patricia",
        phoneNumber: "+447911123456",
      });
      await dismissToasts(page);
      await screenshot(page, `customer-profile-${size}`);
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a customer changes the password, then logs in with the new one (${size})`, async () => {
      const customer = await verifiedCustomer(`password-${size}`);
      const page = await newPage(viewport);
      // The wrong current password is a 400.
      const problems = unexpectedProblems(page, [400]);
      await logIn(page, customer.email, CUSTOMER_PASSWORD);
      await customerDashboardReady(page);

      await chooseFromMenu(page, size, "Profile");
      await page.getByRole("link", { name: "Update Password" }).click();
      await waitForPath(page, `${profilePath}/update-password`);
      const forgot = page.getByRole("link", { name: "Forgot Password" });
      expect(await forgot.getAttribute("href")).toBe(`/${DEMO_SHOP.id}/pass/forgot-password`);
      await page.getByLabel("Current Password").fill("Wrong#Pass1");
      await page.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Re-Enter new Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Update Password" }).click();
      await page.getByText("Invalid current password.").waitFor();
      await screenshot(page, `customer-update-password-wrong-${size}`);

      await page.getByLabel("Current Password").fill(CUSTOMER_PASSWORD);
      await page.getByRole("button", { name: "Update Password" }).click();
      await seeToast(page, "Password updated successfully", "first");
      await waitForPath(page, profilePath);
      await dismissToasts(page);

      await chooseFromMenu(page, size, "Logout");
      await waitForPath(page, `/${DEMO_SHOP.id}/login`);
      const old = { email: customer.email, password: CUSTOMER_PASSWORD };
      expect(await customerSignInStatus(journey.server.url, DEMO_SHOP.id, old)).toBe(401);
      await logIn(page, customer.email, NEW_PASSWORD);
      await customerDashboardReady(page);
      await screenshot(page, `customer-logged-in-new-password-${size}`);
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a member cancels the membership (${size})`, async () => {
      const { customer, tier } = await member(`cancel-${size}`, "Bronze");
      const page = await customerPage(customer, viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${journey.server.url}${dashboardPath}`);
      await customerDashboardReady(page);
      await page.getByRole("heading", { level: 2, name: tier.name }).waitFor();

      const cancel = page.getByRole("button", { name: "Cancel Membership" });
      expect(await cancel.isEnabled()).toBe(true);
      await cancel.click();
      const confirm = dialog(page, "Cancel membership?");
      await confirm.waitFor();
      await settled(confirm);
      await screenshot(page, `customer-cancel-confirm-${size}`);
      await confirm.getByRole("button", { name: "Cancel Membership" }).click();
      await seeToast(page, "Membership cancelled successfully", "first");
      await confirm.waitFor({ state: "hidden" });
      await poll(() => cancel.isDisabled()).toBe(true);
      await page.getByText("Expires on").waitFor();
      await page.getByText("Renewal cancelled").waitFor();
      expect((await dashboardOf(customer)).membership?.status).toBe("cancelled");
      // Benefits last until the end of the paid month.
      expect(await benefitPanel(page).getByRole("listitem").count()).toBe(2);
      await dismissToasts(page);
      await screenshot(page, `customer-cancelled-${size}`);
      expect(problems()).toEqual([]);
      await page.close();
    });
  }

  it("the header shortens below 410 px and the phone menu has Dashboard, Profile, Logout", async () => {
    const customer = await verifiedCustomer("header");
    const wide = await customerPage(customer, viewports.desktop);
    await wide.goto(`${journey.server.url}${dashboardPath}`);
    await customerDashboardReady(wide);
    const header = (page: Page) => page.locator("header");
    expect(await header(wide).getByText(DEMO_SHOP.name).isVisible()).toBe(true);
    expect(await headerBalance(wide).getByText("Cashback").isVisible()).toBe(true);
    await wide.close();

    const narrow = await customerPage(customer, viewports.phone);
    await narrow.goto(`${journey.server.url}${dashboardPath}`);
    await customerDashboardReady(narrow);
    // The name stays for screen readers only (a 1 px clip); the "Cashback" word goes.
    const nameBox = await header(narrow).getByText(DEMO_SHOP.name).boundingBox();
    expect(nameBox?.width ?? 0).toBeLessThanOrEqual(1);
    expect(await headerBalance(narrow).getByText("Cashback").isVisible()).toBe(false);
    expect(await headerBalance(narrow).getByText("$0.00").isVisible()).toBe(true);
    // Nothing in the header spills past the screen's edge.
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(viewports.phone.width);
    await narrow.getByRole("button", { name: "Open menu" }).click();
    const sheet = dialog(narrow, DEMO_SHOP.name);
    await sheet.waitFor();
    await settled(sheet);
    for (const name of ["Dashboard", "Profile"]) {
      expect(await sheet.getByRole("link", { name }).isVisible()).toBe(true);
    }
    expect(await sheet.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    await screenshot(narrow, "customer-menu-phone");
    await narrow.close();
  });

  it("the dashboard in German on a 390 px phone: its words, and nothing wider than the screen", async () => {
    const customer = await verifiedCustomer("german");
    const page = await customerPage(customer, { width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem("tessera.locale", "de"));
    await page.goto(`${journey.server.url}${dashboardPath}`);
    await page.getByRole("heading", { name: "Übersicht", exact: true }).waitFor();
    await page.getByRole("tab", { name: "Mitgliedschaften" }).waitFor();
    await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.getByRole("heading", { name: "Cashback-Guthaben" }).isVisible()).toBe(true);
    expect(await page.getByText("0,00 $").first().isVisible()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, "customer-dashboard-de-390");
    await page.getByRole("tab", { name: "Abrechnung" }).click();
    await screenshot(page, "customer-billing-de-390");
  });

  it("live refresh: a redemption from another session shows within 2 s, with no reload", async () => {
    const { customer } = await member("live", "Gold");
    const page = await customerPage(customer, viewports.desktop);
    const problems = unexpectedProblems(page);
    const stream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/v1/events",
    );
    await page.goto(`${journey.server.url}${dashboardPath}`);
    expect((await stream).status()).toBe(200);
    await customerDashboardReady(page);
    await page.getByRole("tab", { name: "Redemptions" }).click();
    await page.getByRole("heading", { name: "No redemptions available" }).waitFor();
    const drink = benefitPanel(page).getByRole("button", { name: "Redeem Free specialty drink" });
    await poll(() => drink.isEnabled()).toBe(true);
    const balanceBefore = await shownBalance(page);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // A second session of the same customer (another device) redeems through the API.
    const second = await api<{ token: string }>("/customer/auth/sign-in", {
      method: "POST",
      body: JSON.stringify({
        email: customer.email,
        password: CUSTOMER_PASSWORD,
        shopId: DEMO_SHOP.id,
      }),
    });
    expect(second.token).not.toBe(customer.token);
    const { membership } = await dashboardOf(customer);
    const benefitId = membership?.Benefits.find((b) => b.name === "Free specialty drink")?.id;
    await api(`/customer/redemptions/create-redemption/${customer.id}?benefitId=${benefitId}`, {
      method: "POST",
      token: second.token,
    });
    await poll(() => drink.isDisabled(), 2000).toBe(true);
    const redemptions = page.getByRole("tabpanel", { name: "Redemptions" });
    await poll(() => redemptions.getByText("Free specialty drink").count(), 2000).toBe(1);

    await api(`/customer/redemptions/create-cashback-redemption/${customer.id}?price=1.5`, {
      method: "POST",
      token: second.token,
    });
    const expected = `$${(Number(balanceBefore.slice(1).replace(/,/g, "")) - 1.5).toFixed(2)}`;
    await poll(() => shownBalance(page), 2000).toBe(expected);
    await poll(() => redemptions.getByText("$1.50").count(), 2000).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await screenshot(page, "customer-live-refresh-desktop");
    expect(problems()).toEqual([]);
    await page.close();
  });

  it("the customer area has no serious accessibility problems, light or dark", async () => {
    const { customer } = await member("axe", "Gold");
    // Something in every list: a redemption, and the membership payment in Billing.
    const { membership } = await dashboardOf(customer);
    await api(
      `/customer/redemptions/create-redemption/${customer.id}?benefitId=${membership?.Benefits[0]?.id}`,
      { method: "POST", token: customer.token },
    );
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of viewportEntries) {
        const page = await customerPage(customer, viewport);
        const problems = unexpectedProblems(page);
        await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
        const where = (what: string) => `${what} ${size} ${theme}:`;
        const check = async (what: string) => {
          findings.push(...(await seriousAxeViolations(page, where(what))));
          await screenshot(page, `customer-axe-${what.replace(/ /g, "-")}-${size}-${theme}`);
        };

        await page.goto(`${journey.server.url}${dashboardPath}`);
        await customerDashboardReady(page);
        expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(
          theme,
        );
        await check("dashboard");

        for (const tab of ["Redemptions", "Billing"]) {
          await page.getByRole("tab", { name: tab }).click();
          await page.getByRole("tabpanel", { name: tab }).locator("li, tbody tr").first().waitFor();
          await check(tab.toLowerCase());
        }

        await benefitPanel(page)
          .getByRole("link", { name: /^See All/ })
          .click();
        const all = dialog(page, "Redeem Benefit");
        await all.waitFor();
        await poll(() => all.locator('[aria-busy="true"]').count()).toBe(0);
        await settled(all);
        await check("redeem benefit");
        await page.keyboard.press("Escape");
        await all.waitFor({ state: "hidden" });

        await headerBalance(page).click();
        const cashback = dialog(page, "Redeem Cashback");
        await cashback.getByLabel("Amount to redeem").waitFor();
        await settled(cashback);
        await check("redeem cashback");
        await page.keyboard.press("Escape");
        await cashback.waitFor({ state: "hidden" });

        await page.goto(`${journey.server.url}${profilePath}`);
        await page
          .getByRole("link", { name: "Update Info" })
          .waitFor()
          .catch(async (error) => {
            await screenshot(page, "customer-axe-profile-failed");
            throw error;
          });
        await check("profile");
        await page.goto(`${journey.server.url}${profilePath}/edit-profile`);
        await page.getByRole("button", { name: "Save Changes" }).waitFor();
        await check("edit profile");
        await page.goto(`${journey.server.url}${profilePath}/update-password`);
        await page.getByRole("button", { name: "Update Password" }).waitFor();
        await check("update password");
        if (size === "phone") {
          await page.getByRole("button", { name: "Open menu" }).click();
          const sheet = dialog(page, DEMO_SHOP.name);
          await sheet.waitFor();
          await settled(sheet);
          await check("menu");
        }
        expect(problems()).toEqual([]);
        await page.close();
      }
    }
    expect(findings).toEqual([]);
    // Eight screens, each checked in two themes and two sizes.
  }, 240_000);
});
