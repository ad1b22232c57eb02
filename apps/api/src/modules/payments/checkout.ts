import { randomUUID } from "node:crypto";
import {
  type CheckoutSession,
  PAYMENT_MESSAGES,
  type Plan,
  type PurchaseResult,
  toDollars,
} from "@tessera/shared";
import type { Customer, MembershipTier, Offer, Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Executor } from "../../infra/db";
import type { MerchantAccount, ProviderTransaction } from "../../infra/payments/types";
import { emailCheckoutReceipt, emailReceipt } from "../emails/queue";
import * as wallet from "../wallet/wallet";
import {
  type Actor,
  accountOf,
  callProvider,
  type PaymentsContext,
  paymentFailed,
  requireShop,
} from "./context";
import { grantMembership, grantOffer, recordDecline, renewOverdue } from "./grants";
import * as repo from "./repo";
import {
  type CustomerScope,
  cashbackFor,
  checkCustomer,
  checkOfferUnit,
  holdOverdueRenewal,
  lockOverdueMembership,
  requireSellableTier,
} from "./rules";
import { customerOfferView, membershipView, rewardBalance } from "./views";

/**
 * Checkout: a card payment through the provider's form. The intention opens a checkout for
 * the server's amount; the form's "done" completes it (verified with the provider, then
 * granted in one database transaction); an offer paid with cashback alone is granted at once.
 */

/** How long a checkout (and the offer unit it holds) stays open. */
export const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

export type CheckoutItem =
  | {
      type: "membership";
      tier: MembershipTier;
      plan?: Plan;
      /** The customer's membership whose overdue renewal this pays. */
      renews?: number;
    }
  | { type: "offer"; offer: Offer; cashbackCents: number };

/** An offer bought now (cashback or cash), or a card form to fill in for the rest. */
export type OfferPurchase =
  | (PurchaseResult & { outcome: "completed" })
  | { outcome: "checkout"; data: CheckoutSession };

/** Opens a checkout: the provider's intention for the server's amount, then the row. */
export async function openCheckout(
  ctx: PaymentsContext,
  scope: CustomerScope,
  shop: Shop,
  item: CheckoutItem,
  counter?: { userId: number; discountCents: number },
): Promise<CheckoutSession> {
  const { db, provider } = ctx;
  const account = accountOf(ctx, shop);
  const priceCents = item.type === "membership" ? item.tier.priceCents : item.offer.offerPriceCents;
  const cashbackCents = item.type === "offer" ? item.cashbackCents : 0;
  const discountCents = counter?.discountCents ?? 0;
  const amountCents = priceCents - discountCents - cashbackCents;
  // The id is chosen before the provider's form exists and rides on the payment as its
  // reference, so a payment whose completion never arrives can still be found (recovery).
  const checkoutId = randomUUID();
  const intention = await callProvider(ctx, () =>
    provider.createIntention(account, { amountCents, reference: checkoutId }),
  );
  const expiresAt = new Date(ctx.now().getTime() + CHECKOUT_LIFETIME_MS);
  const checkout = await db.transaction(async (tx) => {
    // The customer first, as on every money path: the checkout row refers to it.
    await wallet.lockWalletOwner(tx, shop.id, scope.customer.id);
    if (item.type === "offer") {
      // The unit is held for this checkout: checked again under the offer's lock.
      await checkOfferUnit(ctx, tx, shop, item.offer.id, scope.customer.id);
    }
    const renews = item.type === "membership" ? item.renews : undefined;
    if (renews !== undefined) {
      await holdOverdueRenewal(tx, shop.id, scope.customer.id, renews, expiresAt);
    }
    return repo.insertCheckout(tx, {
      id: checkoutId,
      shopId: shop.id,
      customerId: scope.customer.id,
      type: item.type,
      tierId: item.type === "membership" ? item.tier.id : null,
      offerId: item.type === "offer" ? item.offer.id : null,
      plan: item.type === "membership" ? (item.plan ?? item.tier.renewal) : null,
      renewsMembershipId: renews ?? null,
      priceCents,
      discountCents,
      cashbackCents,
      amountCents,
      // A card taken by the merchant at the counter (DOMAIN `pos`).
      paymentType: counter ? "pos" : "online",
      createdByUserId: counter?.userId ?? null,
      provider: provider.name,
      clientToken: intention.clientToken,
      createdAt: ctx.now(),
      expiresAt,
    });
  });
  return {
    checkoutId: checkout.id,
    client_token: intention.clientToken,
    provider: provider.name,
    amount: toDollars(amountCents),
    cashbackUsed: toDollars(cashbackCents),
    environment: provider.browser.environment,
    formUrl: provider.browser.formUrl,
    scriptUrl: provider.browser.scriptUrl,
    expiresAt: checkout.expiresAt.toISOString(),
  };
}

/** What a completed checkout granted (for the first completion and its repeats). */
export async function completedResult(
  ctx: PaymentsContext,
  shopId: number,
  checkout: repo.CheckoutRow,
): Promise<PurchaseResult> {
  const { db } = ctx;
  const balance = await rewardBalance(db, shopId, checkout.customerId);
  if (checkout.type === "membership") {
    const current = await repo.findCurrentMembership(db, shopId, checkout.customerId);
    return {
      message: PAYMENT_MESSAGES.paymentSuccessful,
      type: "membership",
      membership: current ? (await membershipView(db, current)).membership : null,
      customerOffer: null,
      rewardBalance: balance,
    };
  }
  const rows = await repo.listRedeemableOffers(db, shopId, checkout.customerId, new Date(0));
  const row = rows.find((r) => r.purchase.checkoutId === checkout.id);
  const sold = row ? await repo.countSoldUnits(db, [row.offer.id]) : new Map<number, number>();
  return {
    message: PAYMENT_MESSAGES.paymentSuccessful,
    type: "offer",
    membership: null,
    customerOffer: row
      ? customerOfferView(row.purchase, row.offer, sold.get(row.offer.id) ?? 0)
      : null,
    rewardBalance: balance,
  };
}

/** Undoes a card payment that cannot be granted; a failed refund is logged for follow-up. */
async function refundUngranted(
  ctx: PaymentsContext,
  account: MerchantAccount,
  txn: ProviderTransaction,
) {
  if (txn.refunded) return;
  try {
    await ctx.provider.refund(account, { transactionId: txn.id, amountCents: txn.amountCents });
  } catch (error) {
    ctx.log?.error({ err: error, transactionId: txn.id }, "refund of an ungranted payment failed");
  }
}

/**
 * Completes a checkout with the provider's transaction: verified with the provider, then
 * granted, recorded, credited, debited and notified in one database transaction. A counter
 * checkout (`pos`) for a member whose renewal is unpaid pays that renewal.
 */
export async function finishCheckout(
  ctx: PaymentsContext,
  shop: Shop,
  checkout: repo.CheckoutRow,
  buyer: Customer,
  transactionId: string,
  actor: Actor,
): Promise<PurchaseResult> {
  const { db, provider } = ctx;
  if (checkout.status === "completed") {
    if (checkout.providerTransactionId !== transactionId) {
      throw new AppError("CONFLICT", "This checkout was already paid.");
    }
    return completedResult(ctx, shop.id, checkout);
  }
  if (checkout.status !== "open")
    throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.checkoutExpired);
  const account = accountOf(ctx, shop);
  const txn = await callProvider(ctx, () => provider.getTransaction(account, transactionId));
  if (!txn || txn.locationId !== account.locationId) throw paymentFailed();

  const already = await repo.findTransactionByReference(db, shop.id, provider.name, txn.id);
  if (already && already.status === "succeeded") {
    // Granted meanwhile by a parallel completion or the provider's postback: the same answer.
    const fresh = await repo.findCheckout(db, shop.id, checkout.id);
    if (fresh?.status === "completed" && fresh.providerTransactionId === txn.id) {
      return completedResult(ctx, shop.id, fresh);
    }
    // This payment already bought something else: it cannot pay twice.
    throw new AppError("CONFLICT", "This payment was already used.");
  }
  const tier = checkout.tierId ? await repo.findTier(db, shop.id, checkout.tierId) : undefined;
  await checkPaid(ctx, account, checkout, buyer, txn, tier, actor);
  // Only the customer's own card is kept for renewals: counter members pay at the counter.
  const card =
    checkout.type === "membership" && checkout.paymentType === "online"
      ? await provider.saveCard(account, txn).catch(() => null)
      : null;

  let result: "granted" | "duplicate";
  try {
    result = await db.transaction((tx) =>
      grantCheckout(ctx, tx, { shop, checkout, txn, tier, card, actor }),
    );
  } catch (error) {
    // Paid but not grantable (sold out, already a member, cashback spent meanwhile): the
    // money goes back, nothing is granted.
    if (error instanceof AppError && error.code !== "UNAVAILABLE") {
      await refundUngranted(ctx, account, txn);
      await repo.updateCheckout(db, checkout.id, { status: "failed" });
      throw new AppError(error.code, `${error.message} Your payment has been refunded.`);
    }
    throw error;
  }
  const completed = await repo.findCheckout(db, shop.id, checkout.id);
  if (!completed) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
  ctx.log?.info({ checkoutId: checkout.id, result }, "checkout completed");
  return completedResult(ctx, shop.id, completed);
}

/** A declined payment is recorded and refused; a wrong amount is refunded and refused. */
async function checkPaid(
  ctx: PaymentsContext,
  account: MerchantAccount,
  checkout: repo.CheckoutRow,
  buyer: Customer,
  txn: ProviderTransaction,
  tier: MembershipTier | undefined,
  actor: Actor,
) {
  if (txn.outcome !== "approved") {
    if (txn.outcome === "declined") {
      const names = { membershipName: tier?.name ?? null, offerName: null };
      await ctx.db.transaction((tx) => recordDecline(ctx, tx, checkout, buyer, txn, names, actor));
    }
    throw paymentFailed();
  }
  if (txn.amountCents !== checkout.amountCents) {
    await refundUngranted(ctx, account, txn);
    await repo.updateCheckout(ctx.db, checkout.id, { status: "failed" });
    throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.amountMismatch);
  }
}

type PaidCheckout = {
  shop: Shop;
  checkout: repo.CheckoutRow;
  txn: ProviderTransaction;
  tier: MembershipTier | undefined;
  card: { token: string; label: string | null } | null;
  actor: Actor;
};

/** Grants what a paid checkout bought, once, inside the completion's transaction. */
async function grantCheckout(ctx: PaymentsContext, tx: Executor, paid: PaidCheckout) {
  const { shop, checkout, txn } = paid;
  // Lock order: the customer, then the checkout (docs/money-safety.md).
  const customer = await wallet.lockWalletOwner(tx, shop.id, checkout.customerId);
  if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
  const locked = await repo.findCheckout(tx, shop.id, checkout.id, { lock: true });
  if (!locked) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
  if (locked.status === "completed") {
    if (locked.providerTransactionId === txn.id) return "duplicate" as const;
    throw new AppError("CONFLICT", "This checkout was already paid.");
  }
  if (checkout.type === "membership") await grantPaidMembership(ctx, tx, customer, paid);
  else await grantPaidOffer(ctx, tx, customer, paid);
  await emailCheckoutReceipt(tx, shop.id, txn);
  await repo.updateCheckout(tx, checkout.id, {
    status: "completed",
    providerTransactionId: txn.id,
    completedAt: ctx.now(),
  });
  return "granted" as const;
}

async function grantPaidMembership(
  ctx: PaymentsContext,
  tx: Executor,
  customer: Customer,
  { shop, checkout, txn, tier, card, actor }: PaidCheckout,
) {
  if (!tier) throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.tierUnavailable);
  const plan = checkout.plan ?? tier.renewal;
  const current = await repo.findCurrentMembership(tx, shop.id, customer.id, { lock: true });
  const pay = {
    paymentType: checkout.paymentType,
    amountCents: txn.amountCents,
    discountCents: checkout.discountCents,
    providerReference: txn.id,
  };
  if (checkout.renewsMembershipId !== null) {
    // The customer pays their overdue renewal: still owed, and not being charged by the job.
    const m = await lockOverdueMembership(tx, shop.id, customer.id, checkout.renewsMembershipId);
    await renewOverdue(ctx, tx, m, customer, tier, plan, { ...pay, actor, card });
  } else if (current && actor.kind === "merchant" && current.status === "pending") {
    await renewOverdue(ctx, tx, current, customer, tier, plan, { ...pay, actor });
  } else if (current) {
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.hasMembership);
  } else {
    await grantMembership(ctx, tx, { shop, customer, tier, plan, ...pay, card, actor });
  }
}

async function grantPaidOffer(
  ctx: PaymentsContext,
  tx: Executor,
  customer: Customer,
  { shop, checkout, txn, actor }: PaidCheckout,
) {
  const offer = await repo.lockOffer(tx, shop.id, checkout.offerId as number);
  if (!offer) throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.offerUnavailable);
  // A checkout that outlived its hold takes a unit only if one is still free.
  if (checkout.expiresAt.getTime() <= ctx.now().getTime()) {
    await checkOfferUnit(ctx, tx, shop, offer.id, customer.id);
  }
  await grantOffer(ctx, tx, {
    shop,
    customer,
    offer,
    cashbackCents: checkout.cashbackCents,
    amountCents: txn.amountCents,
    paymentType: checkout.paymentType,
    providerReference: txn.id,
    checkoutId: checkout.id,
    actor,
  });
}

// ---------------------------------------------------------------- the customer's requests

/** POST /fortis/elements/transaction/intention */
export async function createIntention(
  ctx: PaymentsContext,
  scope: CustomerScope,
  payload: {
    shopId: number;
    customerId: number;
    type: "membership" | "offer";
    membershipId?: number | undefined;
    offerId?: number | undefined;
    cashbackUsed?: number | undefined;
  },
) {
  checkCustomer(scope, payload);
  const shop = await requireShop(ctx, scope.shopId);
  accountOf(ctx, shop);
  if (payload.type === "membership") {
    const tier = await requireSellableTier(ctx, shop.id, payload.membershipId as number);
    const current = await repo.findCurrentMembership(ctx.db, shop.id, scope.customer.id);
    if (current) {
      throw new AppError(
        "CONFLICT",
        current.tierId === tier.id
          ? PAYMENT_MESSAGES.alreadyMember
          : PAYMENT_MESSAGES.hasMembership,
      );
    }
    return { data: await openCheckout(ctx, scope, shop, { type: "membership", tier }) };
  }
  const result = await purchaseOffer(ctx, scope, scope.customer.id, {
    offerId: payload.offerId as number,
    cashbackUsed: payload.cashbackUsed ?? 0,
  });
  if (result.outcome === "checkout") return { data: result.data };
  // Fully covered by cashback: nothing for the card to pay.
  throw new AppError("CONFLICT", "This offer is already paid with your cashback.");
}

/**
 * POST /customer/offers/purchase-offer/{id}: every customer offer purchase starts here.
 * Cashback applied = min(balance, price, asked). Fully covered: granted now, in one
 * transaction. Otherwise a checkout opens for the rest and the completion grants it.
 */
export async function purchaseOffer(
  ctx: PaymentsContext,
  scope: CustomerScope,
  customerIdParam: number,
  payload: { offerId: number; cashbackUsed: number },
): Promise<OfferPurchase> {
  checkCustomer(scope, { customerId: customerIdParam });
  const shop = await requireShop(ctx, scope.shopId);
  const quote = await ctx.db.transaction(async (tx) => {
    const customer = await wallet.lockWalletOwner(tx, shop.id, scope.customer.id);
    if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
    const offer = await checkOfferUnit(ctx, tx, shop, payload.offerId, customer.id);
    const { cashbackCents, isFullyCovered } = await cashbackFor(
      tx,
      shop.id,
      customer.id,
      offer,
      payload.cashbackUsed,
    );
    if (!isFullyCovered) return { offer, cashbackCents, granted: null };
    const granted = await grantOffer(ctx, tx, {
      shop,
      customer,
      offer,
      cashbackCents,
      amountCents: 0,
      paymentType: "online",
      providerReference: null,
      checkoutId: null,
      actor: { kind: "customer", customerId: customer.id },
    });
    await emailReceipt(tx, granted.transaction.id);
    return { offer, cashbackCents, granted };
  });
  if (quote.granted) {
    return offerPurchased(ctx, shop.id, scope.customer.id, quote.granted.view);
  }
  return {
    outcome: "checkout",
    data: await openCheckout(ctx, scope, shop, {
      type: "offer",
      offer: quote.offer,
      cashbackCents: quote.cashbackCents,
    }),
  };
}

/** The answer for an offer granted without a card form. */
export async function offerPurchased(
  ctx: PaymentsContext,
  shopId: number,
  customerId: number,
  view: ReturnType<typeof customerOfferView>,
): Promise<OfferPurchase> {
  return {
    outcome: "completed",
    message: PAYMENT_MESSAGES.offerPurchased,
    type: "offer",
    membership: null,
    customerOffer: view,
    rewardBalance: await rewardBalance(ctx.db, shopId, customerId),
  };
}

/**
 * The payment form's "done": verify with the provider, then grant, record, credit, debit
 * and notify in one database transaction. The same completion twice grants once.
 */
export async function completeCheckout(
  ctx: PaymentsContext,
  scope: CustomerScope,
  input: { checkoutId: string; transactionId: string },
): Promise<PurchaseResult> {
  checkCustomer(scope, {});
  const shop = await requireShop(ctx, scope.shopId);
  const checkout = await repo.findCheckout(ctx.db, shop.id, input.checkoutId);
  // A checkout the merchant opened at the counter is completed from the merchant's session.
  if (!checkout || checkout.customerId !== scope.customer.id || checkout.createdByUserId !== null) {
    throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
  }
  return finishCheckout(ctx, shop, checkout, scope.customer, input.transactionId, {
    kind: "customer",
    customerId: scope.customer.id,
  });
}
