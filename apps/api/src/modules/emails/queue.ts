import type { Customer, transactions } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { queue, snapshot } from "./enqueue";
import type { PaymentMethod, ReceiptPayload, RefundPayload, ShopSnapshot } from "./payloads";
import * as repo from "./repo";
import { emailTeamNewMember, emailTeamPaymentFailed, emailTeamRefund } from "./team";

/**
 * The e-mails about money events, queued inside the transaction of the event (the payment
 * workflows call these in one line), so an e-mail exists exactly when its event committed. Each
 * is keyed by event and recipient: the same event twice queues one e-mail. The delivery job
 * writes and sends them (`delivery.ts`).
 */

export { EMAILS_CHANNEL, queue, snapshot } from "./enqueue";

type Transaction = typeof transactions.$inferSelect;

async function parties(tx: Executor, shopId: number, customerId: number | null) {
  if (customerId === null) return null;
  const found = await repo.findShopWithOwner(tx, shopId);
  const customer = await repo.findCustomer(tx, shopId, customerId);
  if (!found || !customer) return null;
  return { shop: snapshot(found.shop, found.ownerEmail), customer };
}

/**
 * The membership an e-mail is about, its tier (the one named, else its own), its customer, and
 * what every membership e-mail says first; null when any of them is gone.
 */
async function aboutMembership(tx: Executor, membershipId: number, tierId?: number) {
  const m = await repo.findMembership(tx, membershipId);
  const tier = m ? await repo.findTier(tx, tierId ?? m.tierId) : undefined;
  if (!m || !tier) return null;
  const found = await parties(tx, m.shopId, m.customerId);
  if (!found) return null;
  const about = {
    shop: found.shop,
    firstName: found.customer.firstName,
    membershipName: tier.name,
  };
  return { m, tier, customer: found.customer, about };
}

function itemOf(t: Transaction): string {
  if (t.kind === "offer_purchase") return t.offerName ?? "Offer";
  const plan = t.plan ? ` (${t.plan})` : "";
  const what = t.kind === "membership_renewal" ? "membership renewal" : "membership";
  return `${t.membershipName ?? "Membership"} ${what}${plan}`;
}

function receiptOf(
  t: Transaction,
  shop: ShopSnapshot,
  customer: Customer,
  method: PaymentMethod,
): ReceiptPayload {
  return {
    shop,
    firstName: customer.firstName,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    transactionId: t.id,
    kind: t.kind,
    item: itemOf(t),
    itemName: t.kind === "offer_purchase" ? t.offerName : t.membershipName,
    plan: t.plan,
    priceCents: t.priceCents,
    discountCents: t.discountCents,
    cashbackUsedCents: t.cashbackUsedCents,
    amountCents: t.amountCents,
    paidAt: t.createdAt.toISOString(),
    method,
    providerReference: t.providerReference,
  };
}

/** How a payment was made: cash, or the card (its label when the provider named it). */
async function methodOf(tx: Executor, t: Transaction, cardLabel: string | null | undefined) {
  let label = cardLabel ?? t.cardLabel ?? null;
  if (!label && t.paymentType !== "cash" && t.customerMembershipId !== null) {
    label = (await repo.findMembership(tx, t.customerMembershipId))?.cardLabel ?? null;
  }
  return { type: t.paymentType, cardLabel: t.paymentType === "cash" ? null : label };
}

/**
 * A transaction's receipt as its e-mail and its PDF show it (one builder, so they cannot drift);
 * a refunded one carries its refund date. Null when it has no customer or did not go through.
 */
export async function buildReceipt(
  tx: Executor,
  t: Transaction,
  cardLabel?: string | null,
): Promise<ReceiptPayload | RefundPayload | null> {
  if (t.status === "failed") return null;
  const found = await parties(tx, t.shopId, t.customerId);
  if (!found) return null;
  const receipt = receiptOf(t, found.shop, found.customer, await methodOf(tx, t, cardLabel));
  return t.status === "refunded" && t.refundedAt
    ? { ...receipt, refundedAt: t.refundedAt.toISOString() }
    : receipt;
}

/** The receipt of a successful payment (a purchase, a renewal, a counter sale). */
export async function emailReceipt(
  tx: Executor,
  transactionId: number,
  cardLabel?: string | null,
): Promise<void> {
  const t = await repo.findTransaction(tx, transactionId);
  if (t?.status !== "succeeded" || t.customerId === null) return;
  if (cardLabel && !t.cardLabel) await repo.keepCardLabel(tx, t.id, cardLabel);
  const payload = await buildReceipt(tx, t, cardLabel);
  const customer = await repo.findCustomer(tx, t.shopId, t.customerId);
  if (!payload || !customer) return;
  await queue(tx, "receipt", `receipt:${t.id}`, customer, payload);
  if (t.kind === "membership_purchase") await emailTeamNewMember(tx, t, customer);
}

/** The receipt of a card payment completed through a checkout, found by its provider id. */
export async function emailCheckoutReceipt(
  tx: Executor,
  shopId: number,
  txn: { id: string; cardLabel: string | null },
): Promise<void> {
  const t = await repo.findTransactionByReference(tx, shopId, txn.id);
  if (t) await emailReceipt(tx, t.id, txn.cardLabel);
}

/** The refund confirmation, after the payment was marked refunded. */
export async function emailRefund(tx: Executor, transactionId: number): Promise<void> {
  const t = await repo.findTransaction(tx, transactionId);
  if (t?.status !== "refunded" || !t.refundedAt || t.customerId === null) return;
  const payload = await buildReceipt(tx, t);
  const customer = await repo.findCustomer(tx, t.shopId, t.customerId);
  if (!payload || !("refundedAt" in payload) || !customer) return;
  await queue(tx, "refund", `refund:${t.id}`, customer, payload);
  await emailTeamRefund(tx, t, customer, payload.item);
}

/** A renewal charge declined (retryAt: the next attempt) or asked for at the counter. */
export async function emailRenewalFailed(
  tx: Executor,
  input: { membershipId: number; tierId: number; attempt: number; atCounter?: boolean },
): Promise<void> {
  const found = await aboutMembership(tx, input.membershipId, input.tierId);
  if (!found) return;
  const { m, tier } = found;
  const payload = {
    ...found.about,
    priceCents: tier.priceCents,
    cardLabel: m.cardLabel,
    // The next attempt, as the renewal job just scheduled it.
    retryAt: input.atCounter ? null : (m.nextRenewalAttemptAt?.toISOString() ?? null),
    attemptsLeft: Math.max(0, RENEWAL_ATTEMPTS - input.attempt),
  };
  const event = `renewal-failed:${m.id}:${m.expireDate.getTime()}:${input.attempt}`;
  await queue(tx, "renewal_failed", event, found.customer, payload);
  if (!input.atCounter) {
    await emailTeamPaymentFailed(tx, {
      ...payload,
      event,
      customer: found.customer,
      amountCents: tier.priceCents,
    });
  }
}

/** DOMAIN "Renewal": the first charge and three retries. */
const RENEWAL_ATTEMPTS = 4;

/** The membership ended because its renewal was never paid. */
export async function emailMembershipEnded(
  tx: Executor,
  input: { membershipId: number; tierId: number; reason: "declined" | "unpaid"; at: Date },
): Promise<void> {
  const found = await aboutMembership(tx, input.membershipId, input.tierId);
  if (!found) return;
  const { m } = found;
  const payload = {
    ...found.about,
    endedAt: input.at.toISOString(),
    reason: input.reason,
  };
  const event = `membership-ended:${m.id}:${m.expireDate.getTime()}`;
  await queue(tx, "membership_ended", event, found.customer, payload);
}

/** The membership was cancelled: it does not renew and ends when its paid time does. */
export async function emailCancellation(
  tx: Executor,
  input: { membershipId: number; at: Date },
): Promise<void> {
  const found = await aboutMembership(tx, input.membershipId);
  const m = found?.m;
  if (!found || !m?.cancelledAt) return;
  const endsNow = m.status === "expired";
  const payload = {
    ...found.about,
    endsAt: (endsNow ? (m.endedAt ?? input.at) : m.expireDate).toISOString(),
    endsNow,
  };
  const event = `membership-cancelled:${m.id}:${m.cancelledAt.getTime()}`;
  await queue(tx, "membership_cancelled", event, found.customer, payload);
}
