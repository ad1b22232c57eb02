import type { Page } from "playwright-core";
import { callApi } from "./journey";
import { linkIn, waitForMail } from "./mailbox";

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
