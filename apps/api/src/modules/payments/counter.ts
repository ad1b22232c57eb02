import {
  type CheckoutSession,
  type CustomerMembership,
  MEMBER_ACTION_MESSAGES,
  type NextRenewalMembership,
  PAYMENT_MESSAGES,
  type Plan,
  type PurchaseResult,
  type Transaction,
} from "@tessera/shared";
import type { Customer, MembershipTier, Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Executor } from "../../infra/db";
import { emailReceipt } from "../emails/queue";
import { finishCheckout, type OfferPurchase, offerPurchased, openCheckout } from "./checkout";
import { type CounterActor, fullName, type PaymentsContext, requireShop } from "./context";
import { grantMembership, grantOffer, renewOverdue } from "./grants";
import { noticeMembership } from "./membership-notices";
import * as repo from "./repo";
import {
  cashbackFor,
  checkOfferUnit,
  checkPlan,
  counterMemberOrThrow,
  discounted,
  lockCounterMember,
  requireCardAccount,
  requireSellableTier,
} from "./rules";
import { membershipView, toTransactionDto } from "./views";

/**
 * Counter sales: the merchant (owner or staff) sells a membership or an offer to a member at
 * the counter, changes a member's membership, or takes an unpaid renewal's payment. Cash is
 * recorded at once; a card opens a `pos` checkout the merchant's session completes.
 */

/** What a counter sale or membership change did: done now, or a card form to fill in. */
export type CounterOutcome =
  | {
      outcome: "completed";
      membership: CustomerMembership;
      transaction: Transaction;
      /** An unpaid renewal was paid (rather than a new membership started). */
      renewed?: true;
    }
  | { outcome: "checkout"; data: CheckoutSession };

type MembershipSale = {
  shopId: number;
  customerId: number;
  tierId: number;
  plan?: Plan | undefined;
  paymentType: "pos" | "cash";
  discountPercent: number;
  actor: CounterActor;
};

/** A card payment for a membership at the counter: a `pos` checkout the merchant completes. */
async function counterCardCheckout(
  ctx: PaymentsContext,
  shop: Shop,
  customer: Customer,
  tier: MembershipTier,
  plan: Plan,
  sale: { userId: number; discountCents: number },
): Promise<CounterOutcome> {
  const data = await openCheckout(
    ctx,
    { shopId: shop.id, customer },
    shop,
    { type: "membership", tier, plan },
    sale,
  );
  return { outcome: "checkout", data };
}

/** A new membership sold at the counter: cash (or free) now, card through a checkout. */
async function startMembershipAtCounter(
  ctx: PaymentsContext,
  input: MembershipSale & { shop: Shop; tier: MembershipTier; plan: Plan },
): Promise<CounterOutcome> {
  const { shop, tier, plan, actor } = input;
  const { amountCents, discountCents } = discounted(tier, input.discountPercent);
  if (input.paymentType === "pos" && amountCents > 0) {
    requireCardAccount(ctx, shop);
    const customer = await counterMemberOrThrow(ctx, shop.id, input.customerId);
    if (await repo.findCurrentMembership(ctx.db, shop.id, customer.id)) {
      throw new AppError("CONFLICT", MEMBER_ACTION_MESSAGES.hasMembership);
    }
    return counterCardCheckout(ctx, shop, customer, tier, plan, {
      userId: actor.userId,
      discountCents,
    });
  }
  // Cash, or a card sale discounted to nothing (no card to charge): recorded as chosen.
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCounterMember(tx, shop.id, input.customerId);
    if (await repo.findCurrentMembership(tx, shop.id, customer.id, { lock: true })) {
      throw new AppError("CONFLICT", MEMBER_ACTION_MESSAGES.hasMembership);
    }
    const granted = await grantMembership(ctx, tx, {
      shop,
      customer,
      tier,
      plan,
      paymentType: input.paymentType,
      amountCents,
      discountCents,
      providerReference: null,
      card: null,
      actor,
    });
    await emailReceipt(tx, granted.transaction.id);
    return {
      outcome: "completed" as const,
      membership: (await membershipView(tx, granted.membership)).membership,
      transaction: toTransactionDto(granted.transaction),
    };
  });
}

/**
 * A membership sold at the counter (Add New Member's payment step, or Manage Membership for
 * a member without one): the price after a 0–100 % discount, computed here. Cash is
 * recorded and active at once; Card opens a `pos` checkout that the merchant completes.
 */
export async function sellMembershipAtCounter(
  ctx: PaymentsContext,
  input: MembershipSale,
): Promise<CounterOutcome> {
  const shop = await requireShop(ctx, input.shopId);
  const tier = await requireSellableTier(ctx, shop.id, input.tierId);
  const plan = checkPlan(tier, input.plan);
  return startMembershipAtCounter(ctx, { ...input, shop, tier, plan });
}

const membershipChanged = () => new AppError("CONFLICT", MEMBER_ACTION_MESSAGES.membershipChanged);

/**
 * Manage Membership at the counter. No current membership: a sale, as above. A renewal
 * still unpaid (`pending`): the merchant takes that payment. Active or cancelled: the tier
 * becomes the next renewal's (no payment now; a cancelled one resumes renewing), and Cash
 * stops charging a saved card.
 */
export async function changeMembershipAtCounter(
  ctx: PaymentsContext,
  input: MembershipSale & { activeMembershipId?: number | undefined },
): Promise<
  | CounterOutcome
  | {
      outcome: "scheduled";
      membership: CustomerMembership;
      nextRenewalMembership: NextRenewalMembership | null;
    }
> {
  const shop = await requireShop(ctx, input.shopId);
  const customer = await counterMemberOrThrow(ctx, shop.id, input.customerId);
  const tier = await requireSellableTier(ctx, shop.id, input.tierId);
  const plan = checkPlan(tier, input.plan);
  const current = await repo.findCurrentMembership(ctx.db, shop.id, customer.id);
  if (input.activeMembershipId !== undefined && current?.id !== input.activeMembershipId) {
    throw membershipChanged();
  }
  if (!current) return startMembershipAtCounter(ctx, { ...input, shop, tier, plan });
  const change = { shop, customer, current, tier, plan };
  if (current.status === "pending") return payPendingRenewal(ctx, input, change);
  return ctx.db.transaction((tx) => scheduleNextTier(tx, input, change));
}

type MembershipChange = {
  shop: Shop;
  customer: Customer;
  current: repo.MembershipRow;
  tier: MembershipTier;
  plan: Plan;
};

/** The unpaid renewal's payment taken at the counter: cash now, card through a checkout. */
async function payPendingRenewal(
  ctx: PaymentsContext,
  input: MembershipSale,
  { shop, customer, current, tier, plan }: MembershipChange,
): Promise<CounterOutcome> {
  const { actor } = input;
  const { amountCents, discountCents } = discounted(tier, input.discountPercent);
  if (input.paymentType === "pos" && amountCents > 0) {
    requireCardAccount(ctx, shop);
    return counterCardCheckout(ctx, shop, customer, tier, plan, {
      userId: actor.userId,
      discountCents,
    });
  }
  return ctx.db.transaction(async (tx) => {
    const locked = await lockCounterMember(tx, shop.id, customer.id);
    const m = await repo.findCurrentMembership(tx, shop.id, locked.id, { lock: true });
    if (m?.id !== current.id || m.status !== "pending") throw membershipChanged();
    const renewed = await renewOverdue(ctx, tx, m, locked, tier, plan, {
      paymentType: input.paymentType,
      amountCents,
      discountCents,
      providerReference: null,
      actor,
    });
    await emailReceipt(tx, renewed.transaction.id);
    return {
      outcome: "completed" as const,
      renewed: true as const,
      membership: (await membershipView(tx, renewed.membership)).membership,
      transaction: toTransactionDto(renewed.transaction),
    };
  });
}

/** An active or cancelled membership: the chosen tier becomes the next renewal's. */
async function scheduleNextTier(
  tx: Executor,
  input: MembershipSale,
  { shop, customer, current, tier, plan }: MembershipChange,
) {
  const { actor } = input;
  const locked = await lockCounterMember(tx, shop.id, customer.id);
  const m = await repo.findCurrentMembership(tx, shop.id, locked.id, { lock: true });
  if (m?.id !== current.id || (m.status !== "active" && m.status !== "cancelled")) {
    throw membershipChanged();
  }
  const staying = tier.id === m.tierId && plan === m.plan;
  const payment =
    input.paymentType === "cash"
      ? { paymentType: "cash" as const, cardToken: null, cardLabel: null }
      : m.paymentType === "cash"
        ? { paymentType: "pos" as const }
        : {};
  const updated = await repo.updateMembership(tx, m.id, {
    status: "active",
    cancelledAt: null,
    nextTierId: staying ? null : tier.id,
    nextPlan: staying ? null : plan,
    ...payment,
  });
  const name = fullName(locked);
  await noticeMembership(
    tx,
    { shopId: shop.id, customerId: locked.id, membershipId: m.id },
    {
      event: "membership.plan_changed",
      title: staying ? "Membership renewal resumed" : "Membership plan changed",
      message: staying
        ? `${name} will keep renewing ${tier.name} (changed by ${actor.name}).`
        : `${name} switches to ${tier.name} at the next renewal (changed by ${actor.name}).`,
    },
    {
      event: "membership.plan_changed",
      title: "Membership updated",
      message: staying
        ? "Your {tierName} membership will keep renewing."
        : "Your membership changes to {tierName} at your next renewal.",
      values: { tierName: tier.name },
    },
  );
  const view = await membershipView(tx, updated);
  return {
    outcome: "scheduled" as const,
    membership: view.membership,
    nextRenewalMembership: view.next,
  };
}

/**
 * The Offer Price (pay) modal: an offer sold to a member at the counter, cash or card
 * (`pos`), with cashback up to min(balance, price). Cash, or cashback covering the price,
 * completes now; otherwise a `pos` checkout opens for the rest.
 */
export async function sellOfferAtCounter(
  ctx: PaymentsContext,
  input: {
    shopId: number;
    customerId: number;
    offerId: number;
    cashbackUsed: number;
    paymentType: "pos" | "cash";
    actor: CounterActor;
  },
): Promise<OfferPurchase> {
  const shop = await requireShop(ctx, input.shopId);
  const quote = await ctx.db.transaction(async (tx) => {
    const customer = await lockCounterMember(tx, shop.id, input.customerId);
    const offer = await checkOfferUnit(ctx, tx, shop, input.offerId, customer.id);
    const { cashbackCents } = await cashbackFor(
      tx,
      shop.id,
      customer.id,
      offer,
      input.cashbackUsed,
    );
    const amountCents = offer.offerPriceCents - cashbackCents;
    if (input.paymentType === "pos" && amountCents > 0) {
      return { customer, offer, cashbackCents, granted: null };
    }
    const granted = await grantOffer(ctx, tx, {
      shop,
      customer,
      offer,
      cashbackCents,
      amountCents,
      paymentType: input.paymentType,
      providerReference: null,
      checkoutId: null,
      actor: input.actor,
    });
    await emailReceipt(tx, granted.transaction.id);
    return { customer, offer, cashbackCents, granted };
  });
  if (quote.granted) {
    return offerPurchased(ctx, shop.id, input.customerId, quote.granted.view);
  }
  requireCardAccount(ctx, shop);
  const data = await openCheckout(
    ctx,
    { shopId: shop.id, customer: quote.customer },
    shop,
    { type: "offer", offer: quote.offer, cashbackCents: quote.cashbackCents },
    { userId: input.actor.userId, discountCents: 0 },
  );
  return { outcome: "checkout", data };
}

/**
 * The counter card form's "done" (POST /member/payments/complete): the merchant's session
 * completes a checkout opened at the counter, with the same checks as the customer's.
 */
export async function completeCounterCheckout(
  ctx: PaymentsContext,
  input: { shopId: number; checkoutId: string; transactionId: string; actor: CounterActor },
): Promise<PurchaseResult> {
  const shop = await requireShop(ctx, input.shopId);
  const checkout = await repo.findCheckout(ctx.db, shop.id, input.checkoutId);
  if (!checkout || checkout.createdByUserId === null) {
    throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
  }
  const buyer = await repo.findCustomer(ctx.db, shop.id, checkout.customerId);
  if (!buyer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
  return finishCheckout(ctx, shop, checkout, buyer, input.transactionId, input.actor);
}
