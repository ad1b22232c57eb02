import type { TestApp } from "./app";
import { loginAs } from "./factories";

/** GET the member card as the customer app does, with the customer's bearer header. */
export function readMemberCard(t: TestApp, customerId: number, authorization: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/v1/customer/member-card/${customerId}`,
    headers: { authorization },
  });
}

/** Signs the member in to their shop and reads their card (its wallet links among it). */
export async function signedInCard(
  t: TestApp,
  member: { email: string; password: string; customer: { id: number } },
  shopId: number,
) {
  const session = await loginAs(t.app, member, shopId);
  const res = await readMemberCard(t, member.customer.id, session.authorization);
  return { session, card: res.json().card };
}
