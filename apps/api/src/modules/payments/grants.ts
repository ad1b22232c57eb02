import {
  addMonthsClamped,
  formatCents,
  monthsOf,
  PAYMENT_MESSAGES,
  type Plan,
  periodEnd,
  toDollars,
} from "@tessera/shared";
import type { Customer, MembershipTier, Offer, Shop, transactions } from "../../db/schema";
import { AppError } from "../../errors";
import type { Executor } from "../../infra/db";
import type { ProviderTransaction } from "../../infra/payments/types";
import { recordCashSale } from "../audit/record";
import { webhookEvents } from "../integrations/webhooks/events";
import { notifyCustomer } from "../notifications/customer-notice";
import { notify } from "../notifications/notify";
import * as wallet from "../wallet/wallet";
import { type Actor, fullName, type PaymentsContext } from "./context";
import { noticeMembership } from "./membership-notices";
import * as repo from "./repo";
import { customerOfferView } from "./views";

/**
 * The steps every way of paying shares, each inside the caller's database transaction (the
 * caller holds the customer's row lock first, docs/money-safety.md): granting a membership or
 * an offer, a period's renewal, a cashback reward, a declined card payment on record.
 */

type PaymentType = "online" | "pos" | "cash";

export function rewardMonths(tier: Pick<MembershipTier, "rewardFrequency">, plan: Plan) {
  return Math.min(monthsOf(tier.rewardFrequency), monthsOf(plan));
}

/** The next reward inside the period after the one credited at `periodStart`, if any. */
function nextRewardAfter(periodStart: Date, tier: MembershipTier, plan: Plan): Date | null {
  const months = rewardMonths(tier, plan);
  return months < monthsOf(plan) ? addMonthsClamped(periodStart, months) : null;
}

function offerExpiry(offer: Offer, purchasedAt: Date): Date | null {
  if (!offer.hasValidity || offer.validityDays === 0) return null;
  return new Date(purchasedAt.getTime() + offer.validityDays * 24 * 60 * 60 * 1000);
}

/** Who recorded a transaction: the merchant at the counter, or the customer. */
function recordedBy(actor: Actor, customer: Customer) {
  return {
    transactionBy: actor.kind === "merchant" ? actor.name : fullName(customer),
    transactionByUserId: actor.kind === "merchant" ? actor.userId : null,
  };
}

/** How a sale was paid: by whom, by what means, and the provider's reference for a card. */
type Payment = {
  paymentType: PaymentType;
  amountCents: number;
  providerReference: string | null;
  actor: Actor;
};

/**
 * Records a succeeded sale (the customer's name kept on the row, who took it, the provider for
 * a card) and its cash-drawer audit entry. `sale` says what was sold.
 */
async function recordSale(
  ctx: PaymentsContext,
  tx: Executor,
  customer: Customer,
  pay: Payment,
  sale: Omit<
    typeof transactions.$inferInsert,
    "customerId" | "customerName" | "paymentType" | "amountCents" | "status" | "transactionBy"
  >,
) {
  const transaction = await repo.insertTransaction(tx, {
    ...sale,
    customerId: customer.id,
    customerName: fullName(customer),
    paymentType: pay.paymentType,
    amountCents: pay.amountCents,
    provider: pay.providerReference ? ctx.provider.name : null,
    providerReference: pay.providerReference,
    status: "succeeded",
    ...recordedBy(pay.actor, customer),
  });
  if (!transaction) throw new AppError("CONFLICT", PAYMENT_MESSAGES.purchaseFailed);
  await recordCashSale(tx, transaction);
  return transaction;
}

/** What a membership sale's row names: the membership, its tier and plan, the tier's price. */
export function membershipSale(membershipId: number, tier: MembershipTier, plan: Plan) {
  return {
    customerMembershipId: membershipId,
    tierId: tier.id,
    membershipName: tier.name,
    plan,
    priceCents: tier.priceCents,
  };
}

/** The membership's next paid period, starting where the last one ended. */
export function nextPeriod(m: repo.MembershipRow, tier: MembershipTier, plan: Plan) {
  const periodStart = m.expireDate;
  return {
    status: "active" as const,
    tierId: tier.id,
    plan,
    nextTierId: null,
    nextPlan: null,
    periodStart,
    expireDate: periodEnd(periodStart, plan),
    renewalAttempts: 0,
    nextRenewalAttemptAt: null,
    pendingChargeReference: null,
    nextRewardAt: nextRewardAfter(periodStart, tier, plan),
  };
}

/** Tells both sides a membership renewed (the merchant's words say how it was paid). */
export async function noticeRenewed(
  tx: Executor,
  renewed: repo.MembershipRow,
  customer: Customer,
  tier: MembershipTier,
  merchantMessage: string,
) {
  await webhookEvents.membershipRenewed(tx, renewed);
  await noticeMembership(
    tx,
    { shopId: renewed.shopId, customerId: customer.id, membershipId: renewed.id },
    {
      event: "membership.renewed",
      title: "Membership renewed",
      message: merchantMessage,
    },
    {
      event: "membership.renewed",
      title: "Membership renewed",
      message: "Your {tierName} membership renewed until {date}.",
      values: { tierName: tier.name, date: { day: renewed.expireDate } },
    },
  );
}

/** Credits a period's cashback reward, with its notice. */
export async function creditReward(
  tx: Executor,
  membership: repo.MembershipRow,
  tier: MembershipTier,
  transactionId: number | null,
) {
  await wallet.credit(tx, {
    shopId: membership.shopId,
    customerId: membership.customerId,
    cents: tier.cashbackRewardCents,
    kind: "reward",
    description: `${tier.name} cashback reward`,
    transactionId,
    customerMembershipId: membership.id,
  });
  await notifyCustomer(tx, membership.shopId, membership.customerId, {
    event: "cashback.credited",
    title: "Cashback credited",
    message: "{amount} cashback from {tierName} is in your wallet.",
    values: { amount: { cents: tier.cashbackRewardCents }, tierName: tier.name },
    data: { amount: toDollars(tier.cashbackRewardCents) },
  });
}

/** Grants a bought offer inside the caller's transaction (wallet and offer already locked). */
export async function grantOffer(
  ctx: PaymentsContext,
  tx: Executor,
  input: {
    shop: Shop;
    customer: Customer;
    offer: Offer;
    cashbackCents: number;
    amountCents: number;
    paymentType: PaymentType;
    providerReference: string | null;
    checkoutId: string | null;
    actor: Actor;
  },
) {
  const { shop, customer, offer } = input;
  const at = ctx.now();
  const transaction = await recordSale(ctx, tx, customer, input, {
    shopId: shop.id,
    kind: "offer_purchase",
    offerId: offer.id,
    offerName: offer.offerName,
    priceCents: offer.offerPriceCents,
    cashbackUsedCents: input.cashbackCents,
  });
  if (input.cashbackCents > 0) {
    const paid = await wallet.debit(tx, {
      shopId: shop.id,
      customerId: customer.id,
      cents: input.cashbackCents,
      kind: "offer_payment",
      description: `Paid towards ${offer.offerName}`,
      transactionId: transaction.id,
    });
    if (!paid)
      throw new AppError("CONFLICT", "Your cashback balance has changed. Please try again.");
  }
  const purchase = await repo.insertCustomerOffer(tx, {
    shopId: shop.id,
    customerId: customer.id,
    offerId: offer.id,
    transactionId: transaction.id,
    checkoutId: input.checkoutId,
    pricePaidCents: offer.offerPriceCents,
    purchasedAt: at,
    expiresAt: offerExpiry(offer, at),
  });
  await noticeOfferBought(tx, shop, customer, offer, purchase.id, input.cashbackCents);
  await webhookEvents.offerPurchased(tx, purchase, offer.offerName, transaction);
  const sold = await repo.countSoldUnits(tx, [offer.id]);
  return {
    transaction,
    purchase,
    view: customerOfferView(purchase, offer, sold.get(offer.id) ?? 0),
  };
}

async function noticeOfferBought(
  tx: Executor,
  shop: Shop,
  customer: Customer,
  offer: Offer,
  customerOfferId: number,
  cashbackCents: number,
) {
  const price = formatCents(offer.offerPriceCents);
  await notify(tx, shop.id, [{ merchants: true }], {
    event: "offer.purchased",
    title: "Offer purchased",
    message: `${fullName(customer)} bought ${offer.offerName} for ${price}.`,
    data: { customerId: customer.id, offerId: offer.id, customerOfferId },
  });
  await notifyCustomer(tx, shop.id, customer.id, {
    event: "offer.purchased",
    title: "Offer purchased",
    message: "You bought {offerName}. Show it at the counter to redeem it.",
    values: { offerName: offer.offerName },
    data: { offerId: offer.id, customerOfferId },
  });
  if (cashbackCents > 0) {
    await notifyCustomer(tx, shop.id, customer.id, {
      event: "cashback.redeemed",
      title: "Cashback used",
      message: "{amount} of cashback paid towards {offerName}.",
      values: { amount: { cents: cashbackCents }, offerName: offer.offerName },
      data: { amount: toDollars(cashbackCents) },
    });
  }
}

/** Starts a membership inside the caller's transaction (wallet locked, none current). */
export async function grantMembership(
  ctx: PaymentsContext,
  tx: Executor,
  input: {
    shop: Shop;
    customer: Customer;
    tier: MembershipTier;
    plan: Plan;
    paymentType: PaymentType;
    amountCents: number;
    discountCents: number;
    providerReference: string | null;
    card: { token: string; label: string | null } | null;
    actor: Actor;
  },
) {
  const { shop, customer, tier } = input;
  const start = ctx.now();
  const membership = await repo.insertMembership(tx, {
    shopId: shop.id,
    customerId: customer.id,
    tierId: tier.id,
    plan: input.plan,
    status: "active",
    paymentType: input.paymentType,
    startDate: start,
    periodStart: start,
    expireDate: periodEnd(start, input.plan),
    cardToken: input.card?.token ?? null,
    cardLabel: input.card?.label ?? null,
    nextRewardAt: nextRewardAfter(start, tier, input.plan),
  });
  const transaction = await recordSale(ctx, tx, customer, input, {
    shopId: shop.id,
    kind: "membership_purchase",
    ...membershipSale(membership.id, tier, input.plan),
    discountCents: input.discountCents,
  });
  await creditReward(tx, membership, tier, transaction.id);
  await webhookEvents.membershipPurchased(tx, membership, transaction);
  await noticeMembership(
    tx,
    { shopId: shop.id, customerId: customer.id, membershipId: membership.id },
    {
      event: "membership.purchased",
      title: "New membership",
      message: `${fullName(customer)} joined ${tier.name} (${input.plan}) for ${formatCents(input.amountCents)}.`,
    },
    {
      event: "membership.activated",
      title: "Membership active",
      message: "Welcome to {tierName}! Your membership is active until {date}.",
      values: { tierName: tier.name, date: { day: membership.expireDate } },
    },
  );
  return { membership, transaction };
}

/**
 * An overdue renewal paid after it came due: at the counter (after the "payment due" notice,
 * or a declined card) or by the customer with a card from their account. The next period
 * starts where the unpaid one ended and the reward is credited, as the renewal job would. A
 * counter payment makes it a counter membership (renewals come due at the counter again); the
 * customer's card payment keeps that card for the next renewals.
 */
export async function renewOverdue(
  ctx: PaymentsContext,
  tx: Executor,
  m: repo.MembershipRow,
  customer: Customer,
  tier: MembershipTier,
  plan: Plan,
  pay: {
    paymentType: PaymentType;
    amountCents: number;
    discountCents: number;
    providerReference: string | null;
    actor: Actor;
    /** The customer's card, kept for the next renewals (customer payments only). */
    card?: { token: string; label: string | null } | null;
  },
) {
  const transaction = await recordSale(ctx, tx, customer, pay, {
    shopId: m.shopId,
    kind: "membership_renewal",
    ...membershipSale(m.id, tier, plan),
    discountCents: pay.discountCents,
  });
  const renewed = await repo.updateMembership(tx, m.id, {
    ...nextPeriod(m, tier, plan),
    paymentType: pay.paymentType,
    cardToken: pay.card?.token ?? null,
    cardLabel: pay.card?.label ?? null,
    cancelledAt: null,
  });
  await creditReward(tx, renewed, tier, transaction.id);
  const how = pay.actor.kind === "merchant" ? "at the counter" : "from their account";
  await noticeRenewed(
    tx,
    renewed,
    customer,
    tier,
    `${fullName(customer)}'s ${tier.name} membership renewed ${how} for ${formatCents(pay.amountCents)}.`,
  );
  return { membership: renewed, transaction };
}

/** Records a declined card payment once (the Billing history shows failed attempts). */
export async function recordDecline(
  ctx: PaymentsContext,
  tx: Executor,
  checkout: repo.CheckoutRow,
  customer: Customer,
  txn: ProviderTransaction,
  names: { membershipName: string | null; offerName: string | null },
  actor: Actor,
) {
  await repo.insertTransaction(tx, {
    shopId: checkout.shopId,
    customerId: customer.id,
    customerName: fullName(customer),
    kind: checkout.type === "membership" ? "membership_purchase" : "offer_purchase",
    tierId: checkout.tierId,
    membershipName: names.membershipName,
    plan: checkout.plan,
    offerId: checkout.offerId,
    offerName: names.offerName,
    paymentType: checkout.paymentType,
    priceCents: checkout.priceCents,
    cashbackUsedCents: 0,
    amountCents: checkout.amountCents,
    provider: ctx.provider.name,
    providerReference: txn.id,
    status: "failed",
    ...recordedBy(actor, customer),
  });
}
