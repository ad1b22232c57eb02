import type { Executor } from "../../infra/db";
import { type CustomerNotice, notifyCustomer } from "../notifications/customer-notice";
import { type Notice, notify } from "../notifications/notify";

/** The membership a change is about, and whose it is. */
type Membership = { shopId: number; customerId: number; membershipId: number };

/**
 * Tells both sides of a change to a membership: the shop's merchants (in English, naming the
 * member) and the member (in their language). Both notices point at the membership; the
 * merchants' also at the member.
 */
export async function noticeMembership(
  tx: Executor,
  { shopId, customerId, membershipId }: Membership,
  merchants: Omit<Notice, "data">,
  member: Omit<CustomerNotice, "data">,
): Promise<void> {
  await notify(tx, shopId, [{ merchants: true }], {
    ...merchants,
    data: { customerId, membershipId },
  });
  await notifyCustomer(tx, shopId, customerId, { ...member, data: { membershipId } });
}
