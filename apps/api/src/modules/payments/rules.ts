import {
  ACCESS_MESSAGES,
  applyCashback,
  applyDiscount,
  CASHBACK_MESSAGES,
  isOfferAvailable,
  MEMBER_ACTION_MESSAGES,
  PAYMENT_MESSAGES,
  type Plan,
  toCents,
  toDollars,
  todayInTimeZone,
} from "@tessera/shared";
import type { Customer, MembershipTier, Offer, Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Executor } from "../../infra/db";
import * as wallet from "../wallet/wallet";
import { isConnected, type PaymentsContext } from "./context";
import * as repo from "./repo";

/** The checks the payment workflows share before money moves. */

export type CustomerScope = { shopId: number; customer: Customer };

/**
 * The cashback a purchase of `offer` takes from the (locked) wallet: the amount asked for,
 * refused above the balance or the price; applied as min(balance, price, asked).
 */
export async function cashbackFor(
  tx: Executor,
  shopId: number,
  customerId: number,
  offer: Offer,
  requested: number,
) {
  const balance = await wallet.balanceCents(tx, shopId, customerId);
  const asked = toCents(requested);
  if (asked > balance) {
    throw new AppError("BAD_REQUEST", CASHBACK_MESSAGES.aboveBalance, {
      errors: { cashbackUsed: CASHBACK_MESSAGES.aboveBalance },
    });
  }
  if (asked > offer.offerPriceCents) {
    throw new AppError("BAD_REQUEST", CASHBACK_MESSAGES.aboveOfferPrice, {
      errors: { cashbackUsed: CASHBACK_MESSAGES.aboveOfferPrice },
    });
  }
  const applied = applyCashback({
    balance: toDollars(balance),
    price: toDollars(offer.offerPriceCents),
    requested,
  });
  return { cashbackCents: toCents(applied.cashbackUsed), isFullyCovered: applied.isFullyCovered };
}

export function checkCustomer(
  { shopId, customer }: CustomerScope,
  claimed: { shopId?: number; customerId?: number },
) {
  // The ids in a request are claims: another customer's or shop's answers 404.
  if (
    (claimed.customerId !== undefined && claimed.customerId !== customer.id) ||
    (claimed.shopId !== undefined && claimed.shopId !== shopId)
  ) {
    throw new AppError("NOT_FOUND", "Customer not found.");
  }
  if (customer.isDisabled) throw new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
  if (!customer.emailVerifiedAt) {
    throw new AppError("FORBIDDEN", ACCESS_MESSAGES.emailNotVerified);
  }
}

export async function requireSellableTier(ctx: PaymentsContext, shopId: number, tierId: number) {
  const tier = await repo.findTier(ctx.db, shopId, tierId);
  if (!tier) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.tierUnavailable);
  if (tier.status !== "active") {
    throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.tierUnavailable);
  }
  return tier;
}

/**
 * The customer's membership whose renewal is unpaid (pending after a declined card or the
 * counter's "payment due"), locked; refused when it is not theirs (404), when nothing is
 * owed, or while the renewal job is charging the saved card for it (409). The caller holds
 * the customer's lock.
 */
export async function lockOverdueMembership(
  tx: Executor,
  shopId: number,
  customerId: number,
  membershipId: number,
) {
  const m = await repo.findCurrentMembership(tx, shopId, customerId, { lock: true });
  if (!m || m.id !== membershipId) {
    const own = await repo.findMembershipOf(tx, shopId, customerId, membershipId);
    if (!own) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.nothingOwed);
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.nothingOwed);
  }
  if (m.status !== "pending") throw new AppError("CONFLICT", PAYMENT_MESSAGES.nothingOwed);
  if (m.pendingChargeReference) {
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.renewalBeingCharged);
  }
  return m;
}

/**
 * While the customer pays an overdue renewal on the card form, the renewal job leaves the
 * saved card alone: its next attempt waits until the checkout has closed, so the two never
 * both charge (a completion that still finds the renewal paid or claimed is refunded).
 */
export async function holdOverdueRenewal(
  tx: Executor,
  shopId: number,
  customerId: number,
  membershipId: number,
  until: Date,
) {
  const m = await lockOverdueMembership(tx, shopId, customerId, membershipId);
  const next = m.nextRenewalAttemptAt;
  if (next && next.getTime() < until.getTime()) {
    await repo.updateMembership(tx, m.id, { nextRenewalAttemptAt: until });
  }
  return m;
}

/** The tier's own plan; another one asked for is refused. */
export function checkPlan(tier: MembershipTier, plan: Plan | undefined): Plan {
  if (plan !== undefined && plan !== tier.renewal) {
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.planMismatch, {
      errors: { plan: PAYMENT_MESSAGES.planMismatch },
    });
  }
  return tier.renewal;
}

/**
 * Checks, under the offer's row lock, that one more unit may go to this customer: the offer
 * is on sale today (shop time zone), not sold out, and under the per-customer limit.
 */
export async function checkOfferUnit(
  ctx: PaymentsContext,
  tx: Executor,
  shop: Shop,
  offerId: number,
  customerId: number,
) {
  const offer = await repo.lockOffer(tx, shop.id, offerId);
  if (!offer) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.offerUnavailable);
  const today = todayInTimeZone(shop.timeZone, ctx.now());
  if (!isOfferAvailable(offer, today, shop.timeZone)) {
    throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.offerUnavailable);
  }
  if (offer.isLimited && (await repo.countTakenUnits(tx, offer.id, ctx.now())) >= offer.quantity) {
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.soldOut);
  }
  if (
    offer.isLimitedPerUser &&
    (await repo.countTakenUnits(tx, offer.id, ctx.now(), customerId)) >= offer.limitPerUser
  ) {
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.limitReached);
  }
  return offer;
}

// ---------------------------------------------------------------- at the counter

/** The member, locked for the wallet, refused when disabled (DOMAIN: cannot buy or redeem). */
export async function lockCounterMember(tx: Executor, shopId: number, customerId: number) {
  const customer = await wallet.lockWalletOwner(tx, shopId, customerId);
  if (!customer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
  if (customer.isDisabled) {
    throw new AppError("UNPROCESSABLE", MEMBER_ACTION_MESSAGES.memberDisabled);
  }
  return customer;
}

/** The member, read without a lock, refused when missing or disabled. */
export async function counterMemberOrThrow(
  ctx: PaymentsContext,
  shopId: number,
  customerId: number,
) {
  const customer = await repo.findCustomer(ctx.db, shopId, customerId);
  if (!customer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
  if (customer.isDisabled) {
    throw new AppError("UNPROCESSABLE", MEMBER_ACTION_MESSAGES.memberDisabled);
  }
  return customer;
}

/** Card at the counter needs a connected shop; said in the merchant's words. */
export function requireCardAccount(ctx: PaymentsContext, shop: Shop) {
  if (!isConnected(ctx, shop)) {
    throw new AppError("UNPROCESSABLE", MEMBER_ACTION_MESSAGES.cardNotConnected);
  }
}

/** The tier's price after a 0–100 % discount, and the discount, in cents. */
export function discounted(tier: MembershipTier, discountPercent: number) {
  const amountCents = toCents(applyDiscount(toDollars(tier.priceCents), discountPercent));
  return { amountCents, discountCents: tier.priceCents - amountCents };
}
