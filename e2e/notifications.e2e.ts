import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appJourney } from "./support/app-journey";
import { openPage, screenshot, viewports } from "./support/browser";
import { payWithSandboxCard, SANDBOX_CARDS } from "./support/customers";
import { callApi, notificationBell, roomJoined, unreadOnBell } from "./support/journey";

/**
 * Notifications acceptance (issue 8), in two browser contexts against the built app: the demo
 * owner watches the merchant area while a customer buys an offer; the owner's bell rises with a
 * toast within 2 s and no reload, the owner marks it read, then redeems the offer at the counter
 * and the customer's bell shows it live.
 */

const SHOP_ID = 1;
const OWNER = { email: "owner@demo-shop.test", password: "Demo@1234" };
const CUSTOMER = { email: "ava@demo-customer.test", password: "Demo@1234" };

type Session = { token: string; id: number };

describe("live notifications (issue 8)", () => {
  const journey = appJourney({ env: { RATE_LIMIT_PER_MINUTE: "300" } });

  const api = <T>(path: string, init: RequestInit & { token?: string } = {}) =>
    callApi<T>(journey.server.url, path, init);

  async function signInOwner(): Promise<Session> {
    const { token, user } = await api<{ token: string; user: { id: number } }>("/auth/sign-in", {
      method: "POST",
      body: JSON.stringify(OWNER),
    });
    return { token, id: user.id };
  }

  async function signInCustomer(): Promise<Session> {
    const { token, customer } = await api<{ token: string; customer: { id: number } }>(
      "/customer/auth/sign-in",
      { method: "POST", body: JSON.stringify({ ...CUSTOMER, shopId: SHOP_ID }) },
    );
    return { token, id: customer.id };
  }

  /** A page already signed in, as the login pages leave the browser storage. */
  async function signedInPage(
    session: Session,
    scope: { kind: "merchant" } | { kind: "customer"; shopId: string },
    viewport: { width: number; height: number },
  ) {
    const page = await openPage(journey.browser, viewport);
    page.setDefaultTimeout(15_000);
    await page.addInitScript(
      ({ token, scope, id }) => {
        if (localStorage.getItem("token")) return;
        localStorage.setItem("token", token);
        localStorage.setItem("sessionScope", JSON.stringify(scope));
        if (scope.kind === "customer") {
          localStorage.setItem(
            "customer",
            JSON.stringify({ id, contactId: null, shopId: Number(scope.shopId) }),
          );
        }
      },
      { token: session.token, scope, id: session.id },
    );
    return page;
  }

  /** Within two seconds: the bell counts more than `before` and a live toast says `text`. */
  async function heardLive(page: Page, before: number, text: string) {
    await expect
      .poll(() => unreadOnBell(page), { timeout: 2000, interval: 50 })
      .toBeGreaterThan(before);
    await page.getByRole("alert").filter({ hasText: text }).first().waitFor({ timeout: 2000 });
  }

  /** The customer buys the demo shop's first offer by card (the sandbox form's calls). */
  async function buyOffer(customer: Session) {
    const { offers } = await api<{ offers: { id: number; offerName: string }[] }>(
      `/customer/offers/get-active-offers?shopId=${SHOP_ID}`,
    );
    const offer = offers[0];
    if (!offer) throw new Error("the demo shop has no active offer");
    const started = await api<{
      outcome: string;
      data: { checkoutId: string; client_token: string };
    }>(`/customer/offers/purchase-offer/${customer.id}`, {
      method: "POST",
      token: customer.token,
      body: JSON.stringify({ offerId: offer.id, cashbackUsed: 0 }),
    });
    const done = await payWithSandboxCard<{ customerOffer: { customerOfferId: number } }>(
      journey.server.url,
      customer.token,
      started.data,
      { number: SANDBOX_CARDS.approved, expiry: "12/40", name: "Ava Chen" },
    );
    return { offer, customerOfferId: done.customerOffer.customerOfferId };
  }

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`${name}: a purchase reaches the owner's bell live; a counter redemption reaches the customer's`, async () => {
      const owner = await signInOwner();
      const customer = await signInCustomer();
      const merchantPage = await signedInPage(owner, { kind: "merchant" }, viewport);
      const customerPage = await signedInPage(
        customer,
        { kind: "customer", shopId: String(SHOP_ID) },
        viewport,
      );
      // Both sockets are in their rooms before anything happens.
      const joined = Promise.all([roomJoined(merchantPage), roomJoined(customerPage)]);
      await merchantPage.goto(`${journey.server.url}/merchant/dashboard`);
      await customerPage.goto(`${journey.server.url}/${SHOP_ID}/customer/dashboard`);
      await notificationBell(merchantPage).waitFor();
      await notificationBell(customerPage).waitFor();
      await joined;
      const ownerBefore = await unreadOnBell(merchantPage);
      const customerBefore = await unreadOnBell(customerPage);

      const bought = Date.now();
      const { offer, customerOfferId } = await buyOffer(customer);
      await heardLive(merchantPage, ownerBefore, "Offer purchased");
      expect(Date.now() - bought).toBeLessThan(4000);
      await screenshot(merchantPage, `notifications-owner-live-${name}`);

      // The owner opens the list and marks the new one read.
      const afterPurchase = await unreadOnBell(merchantPage);
      await notificationBell(merchantPage).click();
      const item = merchantPage
        .getByRole("listitem")
        .filter({ hasText: `bought ${offer.offerName}` })
        .first()
        .locator("a, button")
        .first();
      await item.waitFor();
      await screenshot(merchantPage, `notifications-owner-list-${name}`);
      await item.click();
      await expect
        .poll(() => unreadOnBell(merchantPage), { timeout: 5000 })
        .toBe(afterPurchase - 1);

      // The customer heard about the purchase too; then the counter redemption shows live.
      await expect
        .poll(() => unreadOnBell(customerPage), { timeout: 5000 })
        .toBeGreaterThan(customerBefore);
      const customerAfterPurchase = await unreadOnBell(customerPage);
      await api(`/merchant-redemptions/redeem-offer?customerOfferId=${customerOfferId}`, {
        method: "POST",
        token: owner.token,
      });
      await heardLive(customerPage, customerAfterPurchase, "Redemption recorded");
      await screenshot(customerPage, `notifications-customer-live-${name}`);
      await merchantPage.close();
      await customerPage.close();
    }, 120_000);
  }
});
