import type { Page } from "playwright-core";
import { callApi, poll } from "./journey";
import { linkIn, waitForMail } from "./mailbox";

/** The seeded demo shop (apps/api/src/db/seed.ts), connected to the built-in sandbox provider. */
export const DEMO_SHOP = { id: 1, name: "Corner Coffee Co." };

/** The password the journeys sign their customers up with. */
export const CUSTOMER_PASSWORD = "Tessera@2025";

/** The sandbox provider's test cards: the one it approves and the one it declines. */
export const SANDBOX_CARDS = { approved: "4111 1111 1111 1111", declined: "4000 0000 0000 0002" };

/** A shop's customer as the journeys hold one: the address, password, id and session token. */
export type ShopCustomer = { email: string; password: string; id: number; token: string };

/** The sandbox card form's fields; a past-due-free expiry unless told. */
export type SandboxCard = { number: string; name: string; expiry?: string };

/**
 * A customer signed up through the API and verified through the e-mailed link. `verifiedTo` is
 * where the link sends the browser.
 */
export async function verifiedCustomer(
  baseUrl: string,
  person: { email: string; password: string; firstName: string; lastName: string; shopId: number },
): Promise<ShopCustomer & { verifiedTo: string | null }> {
  const { token, customer } = await callApi<{ token: string; customer: { id: number } }>(
    baseUrl,
    "/customer/auth/sign-up",
    { method: "POST", body: JSON.stringify(person) },
  );
  const mail = await waitForMail(baseUrl, person.email, /^Verify your email for/);
  const res = await fetch(linkIn(mail, "/api/v1/auth/verify-email"), { redirect: "manual" });
  const { email, password } = person;
  return { email, password, id: customer.id, token, verifiedTo: res.headers.get("location") };
}

/** Pays a started checkout as the sandbox card form does: its pay call, then complete. */
export async function payWithSandboxCard<T = unknown>(
  baseUrl: string,
  customerToken: string,
  checkout: { checkoutId: string; client_token: string },
  card: SandboxCard,
): Promise<T> {
  const paid = await callApi<{ transactionId: string }>(baseUrl, "/sandbox/checkout/pay", {
    method: "POST",
    body: JSON.stringify({
      token: checkout.client_token,
      cardNumber: card.number,
      expiry: card.expiry ?? "12/30",
      cvc: "123",
      name: card.name,
    }),
  });
  return callApi<T>(baseUrl, "/fortis/elements/transaction/complete", {
    method: "POST",
    token: customerToken,
    body: JSON.stringify({ checkoutId: checkout.checkoutId, transactionId: paid.transactionId }),
  });
}

/** Pays a tier as the card form would: intention, the sandbox's pay call, complete. */
export async function buyTierByCard(
  baseUrl: string,
  customer: { id: number; token: string },
  tier: { id: number; price: number },
  shopId: number,
  card: SandboxCard,
) {
  const { data } = await callApi<{ data: { checkoutId: string; client_token: string } }>(
    baseUrl,
    "/fortis/elements/transaction/intention",
    {
      method: "POST",
      token: customer.token,
      body: JSON.stringify({
        amount: tier.price,
        shopId,
        customerId: customer.id,
        type: "membership",
        membershipId: tier.id,
      }),
    },
  );
  await payWithSandboxCard(baseUrl, customer.token, data, card);
}

/**
 * Leaves the browser storage as the shop's login page does, before the page's own scripts run.
 * `once`: "tab" seeds the first load of the tab only (a sign-out then sticks); "token" seeds
 * whenever no session is stored.
 */
export async function seedCustomerSession(
  page: Page,
  customer: { id: number; token: string },
  shopId: number,
  once: "tab" | "token",
) {
  await page.addInitScript(
    ({ token, id, shopId, once }) => {
      if (once === "tab") {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
      } else if (localStorage.getItem("token")) return;
      localStorage.setItem("token", token);
      localStorage.setItem("sessionScope", JSON.stringify({ kind: "customer", shopId }));
      localStorage.setItem("customer", JSON.stringify({ id, contactId: null, shopId: +shopId }));
    },
    { token: customer.token, id: customer.id, shopId: String(shopId), once },
  );
}

/** The tiers a shop publishes and the offers it has on sale, as its storefront reads them. */
export async function shopCatalogue<Tier, Offer>(baseUrl: string, shopId: number) {
  const { memberships: tiers } = await callApi<{ memberships: Tier[] }>(
    baseUrl,
    `/customer/memberships/get-active-memberships?shopId=${shopId}`,
  );
  const { offers } = await callApi<{ offers: Offer[] }>(
    baseUrl,
    `/customer/offers/get-active-offers?shopId=${shopId}`,
  );
  return { tiers, offers };
}

/** The customer's dashboard (membership, balance, offers) as the API gives it to them. */
export function customerDashboard<T>(baseUrl: string, customer: { id: number; token: string }) {
  return callApi<T>(baseUrl, `/customer/profile/get-customer/${customer.id}`, {
    token: customer.token,
  });
}

/** The customer dashboard has loaded: its heading, its tabs, and nothing still busy. */
export async function customerDashboardReady(page: Page) {
  await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
  await page.getByRole("tab", { name: "Memberships" }).waitFor();
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/** The status the shop's customer sign-in answers for these credentials (401 when refused). */
export async function customerSignInStatus(
  baseUrl: string,
  shopId: number,
  credentials: { email: string; password: string },
): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/customer/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...credentials, shopId }),
  });
  return res.status;
}
