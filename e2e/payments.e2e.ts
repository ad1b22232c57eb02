import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
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
  DEMO_SHOP,
  SANDBOX_CARDS,
  seedCustomerSession,
} from "./support/customers";
import {
  dismissToasts,
  runId,
  seeToast,
  settled,
  unexpectedProblems,
  uniqueEmail,
  viewportEntries,
} from "./support/journey";
import { linkIn, waitForMail } from "./support/mailbox";

/**
 * Payments acceptance: customers of the demo shop (connected to the built-in sandbox provider)
 * buy a membership and an offer by card in a real browser against the built app — the checkout
 * panel, the sandbox card form in its frame, the toasts, the Subscribed tier, the Offers tab —
 * with the wallet checked through the API; a declined card grants nothing; a new shop's owner
 * connects card payments from the profile. Desktop and phone, screenshots, axe in both themes.
 */

/** The seeded tier and offer each viewport buys (apps/api/src/db/seed.ts). */
const PURCHASES = {
  desktop: { tier: "Bronze", offer: "Pastry box", cashback: 1.25 },
  phone: { tier: "Bronze", offer: "Two-for-one lattes", cashback: 0.5 },
} as const;

type Tier = { id: number; name: string; price: number; cashbackReward: number; renewal: string };
type Offer = { id: number; offerName: string; offerPrice: number };
type Dashboard = {
  membership: { membershipId: number; status: string } | null;
  rewardBalance: number;
  activeOffers: { offerId: number; offerName: string }[];
};
type Customer = { email: string; password: string; id: number; token: string };

/** The checkout's Payable Amount as shown: whole dollars bare ("$5"), cents kept ("$10.75"). */
function payableText(dollars: number): string {
  const cents = Math.round(dollars * 100);
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** The sandbox provider's card form inside the checkout modal's frame. */
function cardForm(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Card payment"]');
}

async function fillCard(form: FrameLocator, number: string, name: string) {
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill(name);
}

/** The checkout side panel, the card form's modal, and the dashboard's tabs. */
const panel = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const payModal = (page: Page) => page.getByRole("dialog", { name: "Pay by card" });
const tierCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

describe("payment journeys", () => {
  const journey = customerJourney<Tier, Offer>({
    env: { RATE_LIMIT_PER_MINUTE: "200" },
    fileDirPrefix: "tessera-e2e-payments-",
  });
  const { api, tierNamed } = journey;

  const dashboardOf = (customer: Pick<Customer, "id" | "token">) =>
    customerDashboard<Dashboard>(journey.server.url, customer);

  /** The signed-in customer's dashboard through the API, with the token the page stored. */
  async function dashboardSeenBy(page: Page) {
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("token"),
      customer: localStorage.getItem("customer"),
    }));
    const id = (JSON.parse(stored.customer ?? "{}") as { id?: number }).id;
    expect(stored.token).toBeTruthy();
    expect(id).toBeTypeOf("number");
    return dashboardOf({ id: id as number, token: stored.token as string });
  }

  /** A customer signed up through the API and verified through the e-mailed link. */
  async function verifiedCustomer(who: string): Promise<Customer> {
    const { verifiedTo, ...customer } = await journey.verifiedCustomer(who, {
      firstName: "Pia",
      lastName: "Payer",
    });
    expect(verifiedTo).toBe(`/${DEMO_SHOP.id}/login?verified=1`);
    return customer;
  }

  /** A page already signed in as the customer, as the login page leaves the browser storage. */
  async function customerPage(customer: Customer, viewport: { width: number; height: number }) {
    const page = await openPage(journey.browser, viewport);
    page.setDefaultTimeout(15_000);
    await seedCustomerSession(page, customer, DEMO_SHOP.id, "token");
    return page;
  }

  const buyTierByApi = (customer: Customer, tier: Tier) =>
    journey.buyTierWithApprovedCard(customer, tier, "Pia Payer");

  const offerNamed = (name: string) => {
    const offer = journey.offers.find((o) => o.offerName === name);
    if (!offer) throw new Error(`no offer on sale named ${name}`);
    return offer;
  };

  for (const [size, viewport] of viewportEntries) {
    it(`a new customer buys a membership by card, then an offer partly with cashback (${size})`, async () => {
      const plan = PURCHASES[size];
      const tier = tierNamed(plan.tier);
      const offer = offerNamed(plan.offer);
      const page = await openPage(journey.browser, viewport);
      page.setDefaultTimeout(15_000);
      // The sandbox form's refusal of the mistyped card number is a 400.
      const problems = unexpectedProblems(page, [400]);

      // Sign up on the shop's page, verify through the e-mail, log in.
      const email = uniqueEmail(`buyer-${size}`);
      await page.goto(`${journey.server.url}/${DEMO_SHOP.id}/register`);
      await page.getByLabel("First Name").fill("Bea");
      await page.getByLabel("Last Name").fill(size === "desktop" ? "Desk" : "Phone");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(CUSTOMER_PASSWORD);
      await page.getByLabel("Re-type Password").fill(CUSTOMER_PASSWORD);
      await page.getByRole("button", { name: "Create an Account" }).click();
      await waitForPath(page, `/${DEMO_SHOP.id}/verify-email`);
      // The e-mailed link, opened in the same browser: verified, and still signed in from the
      // sign-up, so the shop's login goes on to the dashboard.
      const mail = await waitForMail(journey.server.url, email, /^Verify your email for/);
      await page.goto(linkIn(mail, "/api/v1/auth/verify-email"));
      await seeToast(page, "Your email is verified. You can log in now.");
      await waitForPath(page, `/${DEMO_SHOP.id}/customer/dashboard`);
      await customerDashboardReady(page);
      await dismissToasts(page);
      const before = await dashboardSeenBy(page);
      expect(before.membership).toBeNull();
      expect(before.rewardBalance).toBe(0);
      await page.getByRole("heading", { name: "No membership yet" }).waitFor();
      await screenshot(page, `payments-dashboard-new-${size}`);

      // Memberships tab → Buy → the checkout panel with the Payable Amount.
      await tierCard(page, tier.name)
        .getByRole("button", { name: `Buy ${tier.name}` })
        .click();
      const checkout = panel(page, `${tier.name} membership`);
      await checkout.waitFor();
      await settled(checkout);
      expect(await checkout.getByText("Payable Amount").isVisible()).toBe(true);
      expect(
        await checkout
          .getByText(`$${tier.price.toFixed(2)}`)
          .first()
          .isVisible(),
      ).toBe(true);
      await screenshot(page, `payments-tier-checkout-${size}`);
      await checkout.getByRole("button", { name: "Checkout" }).click();

      // The sandbox card form: a bad number is refused by the form, the right one pays.
      await payModal(page).waitFor();
      const form = cardForm(page);
      const pay = form.getByRole("button", { name: `Pay $${tier.price.toFixed(2)}` });
      await pay.waitFor();
      await settled(payModal(page));
      await fillCard(form, "4111 1111 1111 1112", "Bea Buyer");
      await pay.click();
      await form.getByText("Enter a valid card number").waitFor();
      await screenshot(page, `payments-card-form-invalid-${size}`);
      await form.getByLabel("Card number").fill(SANDBOX_CARDS.approved);
      await pay.click();

      await seeToast(page, "Payment successful");
      await payModal(page).waitFor({ state: "hidden" });
      await tierCard(page, tier.name).getByText("Subscribed").waitFor();
      expect(
        await page.getByRole("tab", { name: "Memberships" }).getAttribute("aria-selected"),
      ).toBe("true");
      await page.getByRole("heading", { level: 2, name: tier.name }).waitFor();
      await page.getByRole("button", { name: "Cancel Membership" }).waitFor();
      expect(await page.getByRole("button", { name: "Cancel Membership" }).isEnabled()).toBe(true);
      await screenshot(page, `payments-tier-subscribed-${size}`);
      const afterTier = await dashboardSeenBy(page);
      expect(afterTier.membership).toMatchObject({ membershipId: tier.id, status: "active" });
      expect(afterTier.rewardBalance).toBeCloseTo(before.rewardBalance + tier.cashbackReward, 2);
      await dismissToasts(page);

      // Offers tab → Buy → the offer purchase over the dashboard, part paid with cashback.
      await page.getByRole("tab", { name: "Offers" }).click();
      await page.getByRole("heading", { name: "No Offer available" }).waitFor();
      await page.getByRole("button", { name: `Buy ${offer.offerName}` }).click();
      await waitForPath(page, `/${DEMO_SHOP.id}/customer/offer-purchase`);
      const purchase = panel(page, "Buy offer");
      await purchase.getByLabel("Use cashback").waitFor();
      await settled(purchase);
      const payable = offer.offerPrice - plan.cashback;
      await purchase.getByLabel("Use cashback").fill(String(afterTier.rewardBalance + 1));
      await purchase.getByRole("button", { name: "Checkout" }).click();
      await purchase.getByText("You cannot redeem more than your available cashback.").waitFor();
      await purchase.getByLabel("Use cashback").fill(String(plan.cashback));
      await purchase.getByText(payableText(payable), { exact: true }).waitFor();
      // A full-page screenshot resizes the window; with the field focused the sheet library
      // repositions itself for a keyboard, so leave the field first, as a person would.
      await purchase.getByLabel("Use cashback").blur();
      await screenshot(page, `payments-offer-purchase-${size}`);
      await purchase.getByRole("button", { name: "Checkout" }).click();

      const offerPay = cardForm(page).getByRole("button", { name: `Pay $${payable.toFixed(2)}` });
      await offerPay.waitFor();
      await fillCard(cardForm(page), SANDBOX_CARDS.approved, "Bea Buyer");
      await settled(payModal(page));
      await screenshot(page, `payments-offer-card-form-${size}`);
      await offerPay.click();

      await seeToast(page, "Payment successful");
      await waitForPath(page, `/${DEMO_SHOP.id}/customer/dashboard`);
      expect(await page.getByRole("tab", { name: "Offers" }).getAttribute("aria-selected")).toBe(
        "true",
      );
      const mine = page.getByRole("region", { name: "Your offers" });
      await mine.getByRole("article", { name: offer.offerName }).waitFor();
      await screenshot(page, `payments-offer-bought-${size}`);
      const afterOffer = await dashboardSeenBy(page);
      expect(afterOffer.rewardBalance).toBeCloseTo(afterTier.rewardBalance - plan.cashback, 2);
      expect(afterOffer.activeOffers.map((o) => o.offerId)).toContain(offer.id);
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a declined card shows "Payment failed, Try again" and grants nothing (${size})`, async () => {
      const tier = tierNamed("Gold");
      const customer = await verifiedCustomer(`declined-${size}`);
      const page = await customerPage(customer, viewport);
      // The server's refusal of the declined payment is a 422.
      const problems = unexpectedProblems(page, [422]);
      await page.goto(`${journey.server.url}/${DEMO_SHOP.id}/customer/dashboard`);
      await customerDashboardReady(page);

      await tierCard(page, tier.name)
        .getByRole("button", { name: `Buy ${tier.name}` })
        .click();
      await panel(page, `${tier.name} membership`)
        .getByRole("button", { name: "Checkout" })
        .click();
      const form = cardForm(page);
      await form.getByRole("button", { name: `Pay $${tier.price.toFixed(2)}` }).waitFor();
      await fillCard(form, SANDBOX_CARDS.declined, "Dee Clined");
      await form.getByRole("button", { name: `Pay $${tier.price.toFixed(2)}` }).click();

      await seeToast(page, "Payment failed, Try again");
      await payModal(page).waitFor({ state: "hidden" });
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(await page.getByRole("alert").filter({ hasText: "Payment failed" }).count()).toBe(1);
      expect(await page.getByText("Subscribed").count()).toBe(0);
      await page.getByRole("heading", { name: "No membership yet" }).waitFor();
      await screenshot(page, `payments-declined-${size}`);
      const after = await dashboardOf(customer);
      expect(after.membership).toBeNull();
      expect(after.rewardBalance).toBe(0);
      expect(problems()).toEqual([]);
      await page.close();
    });
  }

  it("a new shop's owner connects card payments from the profile", async () => {
    const email = uniqueEmail("owner");
    await api("/auth/sign-up", {
      method: "POST",
      body: JSON.stringify({
        firstName: "Otto",
        lastName: "Owner",
        email,
        password: CUSTOMER_PASSWORD,
      }),
    });
    const mail = await waitForMail(journey.server.url, email, /^Verify your email/);
    await fetch(linkIn(mail, "/api/v1/auth/verify-email"), { redirect: "manual" });
    const { token } = await api<{ token: string }>("/auth/sign-in", {
      method: "POST",
      body: JSON.stringify({ email, password: CUSTOMER_PASSWORD }),
    });
    const logo = join(journey.fileDir, "logo.png");
    const banner = join(journey.fileDir, "banner.jpg");
    await sharp({ create: { width: 400, height: 400, channels: 3, background: "#0f766e" } })
      .png()
      .toFile(logo);
    await sharp({ create: { width: 2048, height: 1152, channels: 3, background: "#f59e0b" } })
      .jpeg()
      .toFile(banner);
    const shopForm = new FormData();
    shopForm.append("name", `Payments Test ${runId}`);
    shopForm.append("industry", "Retail");
    shopForm.append("logo", new Blob([readFileSync(logo)], { type: "image/png" }), "logo.png");
    shopForm.append(
      "banner",
      new Blob([readFileSync(banner)], { type: "image/jpeg" }),
      "banner.jpg",
    );
    await api("/shop/create-shop", { method: "POST", token, body: shopForm });

    const page = await openPage(journey.browser, viewports.desktop);
    page.setDefaultTimeout(15_000);
    const problems = unexpectedProblems(page);
    await page.addInitScript((saved) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", saved);
    }, token);
    await page.goto(`${journey.server.url}/merchant/profile`);
    const onboard = page.getByRole("button", { name: "Onboard" });
    await onboard.waitFor();
    await page.getByText("Customers cannot pay by card yet").waitFor();
    await screenshot(page, "payments-profile-not-connected-desktop");
    await onboard.click();

    // The sandbox provider's onboarding page, then back to the profile.
    await page.getByRole("heading", { name: "Connect card payments" }).waitFor();
    await page.getByRole("button", { name: "Approve and return to Tessera" }).click();
    await waitForPath(page, "/merchant/profile");
    await seeToast(page, "Your shop is connected to card payments.");
    const connected = page.getByRole("button", { name: "Connected" });
    await connected.waitFor();
    expect(await connected.isDisabled()).toBe(true);
    expect(new URL(page.url()).search).toBe("");
    await screenshot(page, "payments-profile-connected-desktop");
    expect(problems()).toEqual([]);
    await page.close();
  });

  it("the payment screens have no serious accessibility problems, light or dark", async () => {
    const member = await verifiedCustomer("axe");
    await buyTierByApi(member, tierNamed("Bronze"));
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of viewportEntries) {
        const page = await customerPage(member, viewport);
        const problems = unexpectedProblems(page);
        await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
        const where = (what: string) => `${what} ${size} ${theme}:`;

        await page.goto(`${journey.server.url}/${DEMO_SHOP.id}/customer/dashboard`);
        await customerDashboardReady(page);
        await page.getByText("Subscribed").waitFor();
        expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(
          theme,
        );
        findings.push(...(await seriousAxeViolations(page, where("dashboard"))));
        await screenshot(page, `payments-axe-dashboard-${size}-${theme}`);

        await page.getByRole("button", { name: "Cancel Membership" }).click();
        const confirm = page.getByRole("dialog", { name: "Cancel membership?" });
        await confirm.waitFor();
        await settled(confirm);
        findings.push(...(await seriousAxeViolations(page, where("cancel confirmation"))));
        await screenshot(page, `payments-axe-cancel-confirm-${size}-${theme}`);
        await confirm.getByRole("button", { name: "Keep Membership" }).click();
        await confirm.waitFor({ state: "hidden" });

        await page.getByRole("tab", { name: "Offers" }).click();
        await page
          .getByRole("region", { name: "Available offers" })
          .getByRole("article")
          .first()
          .waitFor();
        findings.push(...(await seriousAxeViolations(page, where("offers tab"))));
        await screenshot(page, `payments-axe-offers-${size}-${theme}`);

        const offer = journey.offers[0] as Offer;
        await page.getByRole("button", { name: `Buy ${offer.offerName}` }).click();
        const purchase = panel(page, "Buy offer");
        await purchase.getByLabel("Use cashback").waitFor();
        await settled(purchase);
        findings.push(...(await seriousAxeViolations(page, where("offer purchase"))));
        await screenshot(page, `payments-axe-offer-purchase-${size}-${theme}`);

        await purchase.getByRole("button", { name: "Checkout" }).click();
        await cardForm(page).getByLabel("Card number").waitFor();
        await settled(payModal(page));
        findings.push(...(await seriousAxeViolations(page, where("card form"))));
        await screenshot(page, `payments-axe-card-form-${size}-${theme}`);
        expect(problems()).toEqual([]);
        await page.close();
      }
    }
    expect(findings).toEqual([]);
    // Eight screens in two themes and two sizes: slower than one journey on a loaded machine.
  }, 240_000);
});
