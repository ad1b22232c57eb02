import { randomBytes, randomUUID } from "node:crypto";
import {
  ACCESS_MESSAGES,
  addMonthsClamped,
  applyCashback,
  applyDiscount,
  CASHBACK_MESSAGES,
  type CheckoutSession,
  type CustomerMembership,
  formatCents,
  isOfferAvailable,
  MEMBER_ACTION_MESSAGES,
  monthsOf,
  type NextRenewalMembership,
  PAYMENT_MESSAGES,
  type PaymentAccount,
  type Plan,
  type PurchaseResult,
  periodEnd,
  type Transaction,
  toCents,
  toDollars,
  todayInTimeZone,
} from "@tessera/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Customer, MembershipTier, Offer, Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database, Executor } from "../../infra/db";
import type { KeyBox } from "../../infra/payments/secrets";
import {
  type MerchantAccount,
  type PaymentProvider,
  ProviderError,
  type ProviderTransaction,
} from "../../infra/payments/types";
import { notify } from "../notifications/notify";
import * as wallet from "../wallet/wallet";
import * as recoveryRepo from "./recovery-repo";
import * as repo from "./repo";

/** How long a checkout (and the offer unit it holds) stays open. */
export const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;
/** DOMAIN "Renewal": a failed renewal is retried 3 times over 3 days, then the membership expires. */
export const RENEWAL_RETRIES = 3;
/** How long after its form closed an unpaid checkout is still asked about before it expires. */
export const UNPAID_GRACE_MS = 60 * 60 * 1000;

/** What recovery did with one unfinished checkout. */
export type RecoveryOutcome = "completed" | "refused" | "expired" | "unpaid" | "skipped";
const RETRY_DELAY_MS = 24 * 60 * 60 * 1000;
/** After a provider outage the same charge is sent again this much later. */
const OUTAGE_RETRY_MS = 10 * 60 * 1000;
const EXPIRY_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

export type PaymentsDeps = {
  db: Database;
  provider: PaymentProvider;
  keyBox: KeyBox;
  publicUrl: string;
  /** The postback URL with the credentials the provider must send. */
  postbackUrl: string;
  now?: () => Date;
  logger?: FastifyBaseLogger;
};

/** Who did it, for `transactionBy` and notices. */
export type Actor =
  | { kind: "customer"; customerId: number }
  | { kind: "merchant"; userId: number; name: string };

/** A merchant (owner or staff) acting at the counter. */
export type CounterActor = Extract<Actor, { kind: "merchant" }>;

type CustomerScope = { shopId: number; customer: Customer };

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

function fullName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim();
}

function paymentFailed(): AppError {
  return new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.paymentFailed);
}

function rewardMonths(tier: Pick<MembershipTier, "rewardFrequency">, plan: Plan) {
  return Math.min(monthsOf(tier.rewardFrequency), monthsOf(plan));
}

/** The next reward inside the period after the one credited at `periodStart`, if any. */
function nextRewardAfter(periodStart: Date, tier: MembershipTier, plan: Plan): Date | null {
  const months = rewardMonths(tier, plan);
  return months < monthsOf(plan) ? addMonthsClamped(periodStart, months) : null;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, provider, keyBox } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.logger;

  // ---------------------------------------------------------------- accounts

  function isConnected(shop: Shop) {
    return Boolean(
      shop.paymentsProvider === provider.name &&
        shop.fortisId &&
        shop.fortisUserId &&
        shop.fortisApiKeyEncrypted &&
        shop.fortisProductTransactionId,
    );
  }

  function accountOf(shop: Shop): MerchantAccount {
    if (!isConnected(shop)) throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.notConnected);
    return {
      userId: shop.fortisUserId as string,
      apiKey: keyBox.open(shop.fortisApiKeyEncrypted as string),
      locationId: shop.fortisId as string,
      productTransactionId: shop.fortisProductTransactionId as string,
    };
  }

  async function requireShop(shopId: number) {
    const shop = await repo.findShop(db, shopId);
    if (!shop) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    return shop;
  }

  /** Provider calls fail with a readable message, never the provider's internals. */
  async function callProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderError) {
        log?.warn({ err: error }, "payment provider call failed");
        throw new AppError(
          error.status !== null && error.status >= 400 && error.status < 500
            ? "UNPROCESSABLE"
            : "UNAVAILABLE",
          error.status !== null && error.status >= 400 && error.status < 500
            ? error.message
            : "The payment provider could not be reached. Please try again.",
        );
      }
      throw error;
    }
  }

  // ---------------------------------------------------------------- views

  async function membershipView(
    db: Executor,
    membership: repo.MembershipRow,
  ): Promise<{ membership: CustomerMembership; next: NextRenewalMembership | null }> {
    const tierIds = [membership.tierId, ...(membership.nextTierId ? [membership.nextTierId] : [])];
    const [tiers, benefits] = await Promise.all([
      repo.findTiers(db, membership.shopId, tierIds),
      repo.listBenefitsOfTiers(db, membership.shopId, [membership.tierId]),
    ]);
    return toMembershipView(membership, tiers, benefits);
  }

  function toMembershipView(
    membership: repo.MembershipRow,
    tiers: MembershipTier[],
    benefits: Awaited<ReturnType<typeof repo.listBenefitsOfTiers>>,
  ) {
    const tier = tiers.find((t) => t.id === membership.tierId);
    if (!tier) throw new Error(`tier ${membership.tierId} of membership ${membership.id} missing`);
    const nextTier = membership.nextTierId
      ? tiers.find((t) => t.id === membership.nextTierId)
      : undefined;
    return {
      membership: {
        id: membership.id,
        membershipId: tier.id,
        name: tier.name,
        plan: membership.plan,
        price: toDollars(tier.priceCents),
        cashbackReward: toDollars(tier.cashbackRewardCents),
        status: membership.status,
        paymentType: membership.paymentType,
        startDate: membership.startDate.toISOString(),
        expireDate: membership.expireDate.toISOString(),
        cancelledAt: membership.cancelledAt?.toISOString() ?? null,
        card: membership.cardLabel,
        Benefits: benefits
          .filter((b) => b.tierId === tier.id)
          .map((b) => ({
            id: b.id,
            name: b.name,
            worth: toDollars(b.worthCents),
            benefitType: b.benefitType,
          })),
      },
      next: nextTier
        ? {
            membershipId: nextTier.id,
            name: nextTier.name,
            plan: membership.nextPlan ?? nextTier.renewal,
            price: toDollars(nextTier.priceCents),
          }
        : null,
    };
  }

  function customerOfferView(purchase: repo.CustomerOfferRow, offer: Offer, soldCount: number) {
    return {
      customerOfferId: purchase.id,
      offerId: offer.id,
      offerName: offer.offerName,
      offerImage: offer.offerImage,
      offerPrice: toDollars(offer.offerPriceCents),
      endDate: offer.endDate,
      expiresAt: purchase.expiresAt?.toISOString() ?? null,
      purchasedAt: purchase.purchasedAt.toISOString(),
      redeemedAt: purchase.redeemedAt?.toISOString() ?? null,
      soldCount,
    };
  }

  // ---------------------------------------------------------------- rules

  function checkCustomer(
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

  async function requireSellableTier(shopId: number, tierId: number) {
    const tier = await repo.findTier(db, shopId, tierId);
    if (!tier) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.tierUnavailable);
    if (tier.status !== "active") {
      throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.tierUnavailable);
    }
    return tier;
  }

  /**
   * Checks, under the offer's row lock, that one more unit may go to this customer: the offer
   * is on sale today (shop time zone), not sold out, and under the per-customer limit.
   */
  async function checkOfferUnit(tx: Executor, shop: Shop, offerId: number, customerId: number) {
    const offer = await repo.lockOffer(tx, shop.id, offerId);
    if (!offer) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.offerUnavailable);
    const today = todayInTimeZone(shop.timeZone, now());
    if (!isOfferAvailable(offer, today, shop.timeZone)) {
      throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.offerUnavailable);
    }
    if (offer.isLimited && (await repo.countTakenUnits(tx, offer.id, now())) >= offer.quantity) {
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.soldOut);
    }
    if (
      offer.isLimitedPerUser &&
      (await repo.countTakenUnits(tx, offer.id, now(), customerId)) >= offer.limitPerUser
    ) {
      throw new AppError("CONFLICT", PAYMENT_MESSAGES.limitReached);
    }
    return offer;
  }

  function offerExpiry(offer: Offer, purchasedAt: Date): Date | null {
    if (!offer.hasValidity || offer.validityDays === 0) return null;
    return new Date(purchasedAt.getTime() + offer.validityDays * 24 * 60 * 60 * 1000);
  }

  /** Grants a bought offer inside the caller's transaction (wallet and offer already locked). */
  async function grantOffer(
    tx: Executor,
    input: {
      shop: Shop;
      customer: Customer;
      offer: Offer;
      cashbackCents: number;
      amountCents: number;
      paymentType: "online" | "pos" | "cash";
      providerReference: string | null;
      checkoutId: string | null;
      actor: Actor;
    },
  ) {
    const { shop, customer, offer } = input;
    const at = now();
    const transaction = await repo.insertTransaction(tx, {
      shopId: shop.id,
      customerId: customer.id,
      customerName: fullName(customer),
      kind: "offer_purchase",
      offerId: offer.id,
      offerName: offer.offerName,
      paymentType: input.paymentType,
      priceCents: offer.offerPriceCents,
      cashbackUsedCents: input.cashbackCents,
      amountCents: input.amountCents,
      provider: input.providerReference ? provider.name : null,
      providerReference: input.providerReference,
      status: "succeeded",
      transactionBy: input.actor.kind === "merchant" ? input.actor.name : fullName(customer),
      transactionByUserId: input.actor.kind === "merchant" ? input.actor.userId : null,
    });
    if (!transaction) throw new AppError("CONFLICT", PAYMENT_MESSAGES.purchaseFailed);
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
    const price = formatCents(offer.offerPriceCents);
    await notify(tx, shop.id, [{ merchants: true }], {
      event: "offer.purchased",
      title: "Offer purchased",
      message: `${fullName(customer)} bought ${offer.offerName} for ${price}.`,
      data: { customerId: customer.id, offerId: offer.id, customerOfferId: purchase.id },
    });
    await notify(tx, shop.id, [{ customerId: customer.id }], {
      event: "offer.purchased",
      title: "Offer purchased",
      message: `You bought ${offer.offerName}. Show it at the counter to redeem it.`,
      data: { offerId: offer.id, customerOfferId: purchase.id },
    });
    if (input.cashbackCents > 0) {
      await notify(tx, shop.id, [{ customerId: customer.id }], {
        event: "cashback.redeemed",
        title: "Cashback used",
        message: `${formatCents(input.cashbackCents)} of cashback paid towards ${offer.offerName}.`,
        data: { amount: toDollars(input.cashbackCents) },
      });
    }
    const sold = await repo.countSoldUnits(tx, [offer.id]);
    return {
      transaction,
      purchase,
      view: customerOfferView(purchase, offer, sold.get(offer.id) ?? 0),
    };
  }

  /** Credits a period's cashback reward, with its notice. */
  async function creditReward(
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
    await notify(tx, membership.shopId, [{ customerId: membership.customerId }], {
      event: "cashback.credited",
      title: "Cashback credited",
      message: `${formatCents(tier.cashbackRewardCents)} cashback from ${tier.name} is in your wallet.`,
      data: { amount: toDollars(tier.cashbackRewardCents) },
    });
  }

  /** Starts a membership inside the caller's transaction (wallet locked, none current). */
  async function grantMembership(
    tx: Executor,
    input: {
      shop: Shop;
      customer: Customer;
      tier: MembershipTier;
      plan: Plan;
      paymentType: "online" | "pos" | "cash";
      amountCents: number;
      discountCents: number;
      providerReference: string | null;
      card: { token: string; label: string | null } | null;
      actor: Actor;
    },
  ) {
    const { shop, customer, tier } = input;
    const start = now();
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
    const transaction = await repo.insertTransaction(tx, {
      shopId: shop.id,
      customerId: customer.id,
      customerName: fullName(customer),
      kind: "membership_purchase",
      customerMembershipId: membership.id,
      tierId: tier.id,
      membershipName: tier.name,
      plan: input.plan,
      paymentType: input.paymentType,
      priceCents: tier.priceCents,
      discountCents: input.discountCents,
      amountCents: input.amountCents,
      provider: input.providerReference ? provider.name : null,
      providerReference: input.providerReference,
      status: "succeeded",
      transactionBy: input.actor.kind === "merchant" ? input.actor.name : fullName(customer),
      transactionByUserId: input.actor.kind === "merchant" ? input.actor.userId : null,
    });
    if (!transaction) throw new AppError("CONFLICT", PAYMENT_MESSAGES.purchaseFailed);
    await creditReward(tx, membership, tier, transaction.id);
    await notify(tx, shop.id, [{ merchants: true }], {
      event: "membership.purchased",
      title: "New membership",
      message: `${fullName(customer)} joined ${tier.name} (${input.plan}) for ${formatCents(input.amountCents)}.`,
      data: { customerId: customer.id, membershipId: membership.id },
    });
    await notify(tx, shop.id, [{ customerId: customer.id }], {
      event: "membership.activated",
      title: "Membership active",
      message: `Welcome to ${tier.name}! Your membership is active until ${membership.expireDate.toISOString().slice(0, 10)}.`,
      data: { membershipId: membership.id },
    });
    return { membership, transaction };
  }

  /** Records a declined card payment once (the Billing history shows failed attempts). */
  async function recordDecline(
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
      provider: provider.name,
      providerReference: txn.id,
      status: "failed",
      transactionBy: actor.kind === "merchant" ? actor.name : fullName(customer),
      transactionByUserId: actor.kind === "merchant" ? actor.userId : null,
    });
  }

  /** Opens a checkout: the provider's intention for the server's amount, then the row. */
  async function openCheckout(
    scope: CustomerScope,
    shop: Shop,
    item:
      | { type: "membership"; tier: MembershipTier; plan?: Plan }
      | { type: "offer"; offer: Offer; cashbackCents: number },
    counter?: { userId: number; discountCents: number },
  ): Promise<CheckoutSession> {
    const account = accountOf(shop);
    const priceCents =
      item.type === "membership" ? item.tier.priceCents : item.offer.offerPriceCents;
    const cashbackCents = item.type === "offer" ? item.cashbackCents : 0;
    const discountCents = counter?.discountCents ?? 0;
    const amountCents = priceCents - discountCents - cashbackCents;
    // The id is chosen before the provider's form exists and rides on the payment as its
    // reference, so a payment whose completion never arrives can still be found (recovery).
    const checkoutId = randomUUID();
    const intention = await callProvider(() =>
      provider.createIntention(account, { amountCents, reference: checkoutId }),
    );
    const expiresAt = new Date(now().getTime() + CHECKOUT_LIFETIME_MS);
    const checkout = await db.transaction(async (tx) => {
      // The customer first, as on every money path: the checkout row refers to it.
      await wallet.lockWalletOwner(tx, shop.id, scope.customer.id);
      if (item.type === "offer") {
        // The unit is held for this checkout: checked again under the offer's lock.
        await checkOfferUnit(tx, shop, item.offer.id, scope.customer.id);
      }
      return repo.insertCheckout(tx, {
        id: checkoutId,
        shopId: shop.id,
        customerId: scope.customer.id,
        type: item.type,
        tierId: item.type === "membership" ? item.tier.id : null,
        offerId: item.type === "offer" ? item.offer.id : null,
        plan: item.type === "membership" ? (item.plan ?? item.tier.renewal) : null,
        priceCents,
        discountCents,
        cashbackCents,
        amountCents,
        // A card taken by the merchant at the counter (DOMAIN `pos`).
        paymentType: counter ? "pos" : "online",
        createdByUserId: counter?.userId ?? null,
        provider: provider.name,
        clientToken: intention.clientToken,
        createdAt: now(),
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

  async function rewardBalance(shopId: number, customerId: number) {
    return toDollars(await wallet.balanceCents(db, shopId, customerId));
  }

  /** Undoes a card payment that cannot be granted; a failed refund is logged for follow-up. */
  async function refundUngranted(account: MerchantAccount, txn: ProviderTransaction) {
    if (txn.refunded) return;
    try {
      await provider.refund(account, { transactionId: txn.id, amountCents: txn.amountCents });
    } catch (error) {
      log?.error({ err: error, transactionId: txn.id }, "refund of an ungranted payment failed");
    }
  }

  /** What a completed checkout granted (for the first completion and its repeats). */
  async function completedResult(
    shopId: number,
    checkout: repo.CheckoutRow,
  ): Promise<PurchaseResult> {
    const balance = await rewardBalance(shopId, checkout.customerId);
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

  /**
   * Completes a checkout with the provider's transaction: verified with the provider, then
   * granted, recorded, credited, debited and notified in one database transaction. A counter
   * checkout (`pos`) for a member whose renewal is unpaid pays that renewal.
   */
  async function finishCheckout(
    shop: Shop,
    checkout: repo.CheckoutRow,
    buyer: Customer,
    transactionId: string,
    actor: Actor,
  ): Promise<PurchaseResult> {
    if (checkout.status === "completed") {
      if (checkout.providerTransactionId !== transactionId) {
        throw new AppError("CONFLICT", "This checkout was already paid.");
      }
      return completedResult(shop.id, checkout);
    }
    if (checkout.status !== "open")
      throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.checkoutExpired);
    const account = accountOf(shop);
    const txn = await callProvider(() => provider.getTransaction(account, transactionId));
    if (!txn || txn.locationId !== account.locationId) throw paymentFailed();

    const already = await repo.findTransactionByReference(db, shop.id, provider.name, txn.id);
    if (already && already.status === "succeeded") {
      // Granted meanwhile by a parallel completion or the provider's postback: the same answer.
      const fresh = await repo.findCheckout(db, shop.id, checkout.id);
      if (fresh?.status === "completed" && fresh.providerTransactionId === txn.id) {
        return completedResult(shop.id, fresh);
      }
      // This payment already bought something else: it cannot pay twice.
      throw new AppError("CONFLICT", "This payment was already used.");
    }
    const tier = checkout.tierId ? await repo.findTier(db, shop.id, checkout.tierId) : undefined;
    const names = {
      membershipName: tier?.name ?? null,
      offerName: null as string | null,
    };
    if (txn.outcome !== "approved") {
      if (txn.outcome === "declined") {
        await db.transaction((tx) => recordDecline(tx, checkout, buyer, txn, names, actor));
      }
      throw paymentFailed();
    }
    if (txn.amountCents !== checkout.amountCents) {
      await refundUngranted(account, txn);
      await repo.updateCheckout(db, checkout.id, { status: "failed" });
      throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.amountMismatch);
    }
    // Only the customer's own card is kept for renewals: counter members pay at the counter.
    const card =
      checkout.type === "membership" && checkout.paymentType === "online"
        ? await provider.saveCard(account, txn).catch(() => null)
        : null;

    let result: "granted" | "duplicate";
    try {
      result = await db.transaction(async (tx) => {
        // Lock order: the customer, then the checkout (docs/money-safety.md).
        const customer = await wallet.lockWalletOwner(tx, shop.id, checkout.customerId);
        if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
        const locked = await repo.findCheckout(tx, shop.id, checkout.id, { lock: true });
        if (!locked) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
        if (locked.status === "completed") {
          if (locked.providerTransactionId === txn.id) return "duplicate" as const;
          throw new AppError("CONFLICT", "This checkout was already paid.");
        }
        if (checkout.type === "membership") {
          if (!tier) throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.tierUnavailable);
          const plan = checkout.plan ?? tier.renewal;
          const current = await repo.findCurrentMembership(tx, shop.id, customer.id, {
            lock: true,
          });
          if (current && actor.kind === "merchant" && current.status === "pending") {
            await renewAtCounter(tx, current, customer, tier, plan, {
              paymentType: checkout.paymentType,
              amountCents: txn.amountCents,
              discountCents: checkout.discountCents,
              providerReference: txn.id,
              actor,
            });
          } else if (current) {
            throw new AppError("CONFLICT", PAYMENT_MESSAGES.hasMembership);
          } else {
            await grantMembership(tx, {
              shop,
              customer,
              tier,
              plan,
              paymentType: checkout.paymentType,
              amountCents: txn.amountCents,
              discountCents: checkout.discountCents,
              providerReference: txn.id,
              card,
              actor,
            });
          }
        } else {
          const offer = await repo.lockOffer(tx, shop.id, checkout.offerId as number);
          if (!offer) throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.offerUnavailable);
          // A checkout that outlived its hold takes a unit only if one is still free.
          if (checkout.expiresAt.getTime() <= now().getTime()) {
            await checkOfferUnit(tx, shop, offer.id, customer.id);
          }
          await grantOffer(tx, {
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
        await repo.updateCheckout(tx, checkout.id, {
          status: "completed",
          providerTransactionId: txn.id,
          completedAt: now(),
        });
        return "granted" as const;
      });
    } catch (error) {
      // Paid but not grantable (sold out, already a member, cashback spent meanwhile): the
      // money goes back, nothing is granted.
      if (error instanceof AppError && error.code !== "UNAVAILABLE") {
        await refundUngranted(account, txn);
        await repo.updateCheckout(db, checkout.id, { status: "failed" });
        throw new AppError(error.code, `${error.message} Your payment has been refunded.`);
      }
      throw error;
    }
    const completed = await repo.findCheckout(db, shop.id, checkout.id);
    if (!completed) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
    log?.info({ checkoutId: checkout.id, result }, "checkout completed");
    return completedResult(shop.id, completed);
  }

  // ---------------------------------------------------------------- counter (merchant)

  /** The member, locked for the wallet, refused when disabled (DOMAIN: cannot buy or redeem). */
  async function lockCounterMember(tx: Executor, shopId: number, customerId: number) {
    const customer = await wallet.lockWalletOwner(tx, shopId, customerId);
    if (!customer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
    if (customer.isDisabled) {
      throw new AppError("UNPROCESSABLE", MEMBER_ACTION_MESSAGES.memberDisabled);
    }
    return customer;
  }

  /** Card at the counter needs a connected shop; said in the merchant's words. */
  function requireCardAccount(shop: Shop) {
    if (!isConnected(shop)) {
      throw new AppError("UNPROCESSABLE", MEMBER_ACTION_MESSAGES.cardNotConnected);
    }
  }

  /** The tier's price after a 0–100 % discount, and the discount, in cents. */
  function discounted(tier: MembershipTier, discountPercent: number) {
    const amountCents = toCents(applyDiscount(toDollars(tier.priceCents), discountPercent));
    return { amountCents, discountCents: tier.priceCents - amountCents };
  }

  function checkPlan(tier: MembershipTier, plan: Plan | undefined): Plan {
    if (plan !== undefined && plan !== tier.renewal) {
      throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.planMismatch, {
        errors: { plan: PAYMENT_MESSAGES.planMismatch },
      });
    }
    return tier.renewal;
  }

  async function customerOrThrow(shopId: number, customerId: number) {
    const customer = await repo.findCustomer(db, shopId, customerId);
    if (!customer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
    if (customer.isDisabled) {
      throw new AppError("UNPROCESSABLE", MEMBER_ACTION_MESSAGES.memberDisabled);
    }
    return customer;
  }

  /**
   * A renewal paid at the counter (after the "payment due" notice): the next period starts
   * where the unpaid one ended, the reward is credited, and the membership becomes a counter
   * membership (renewals come due at the counter again).
   */
  async function renewAtCounter(
    tx: Executor,
    m: repo.MembershipRow,
    customer: Customer,
    tier: MembershipTier,
    plan: Plan,
    pay: {
      paymentType: "online" | "pos" | "cash";
      amountCents: number;
      discountCents: number;
      providerReference: string | null;
      actor: CounterActor;
    },
  ) {
    const transaction = await repo.insertTransaction(tx, {
      shopId: m.shopId,
      customerId: customer.id,
      customerName: fullName(customer),
      kind: "membership_renewal",
      customerMembershipId: m.id,
      tierId: tier.id,
      membershipName: tier.name,
      plan,
      paymentType: pay.paymentType,
      priceCents: tier.priceCents,
      discountCents: pay.discountCents,
      amountCents: pay.amountCents,
      provider: pay.providerReference ? provider.name : null,
      providerReference: pay.providerReference,
      status: "succeeded",
      transactionBy: pay.actor.name,
      transactionByUserId: pay.actor.userId,
    });
    if (!transaction) throw new AppError("CONFLICT", PAYMENT_MESSAGES.purchaseFailed);
    const periodStart = m.expireDate;
    const renewed = await repo.updateMembership(tx, m.id, {
      status: "active",
      tierId: tier.id,
      plan,
      paymentType: pay.paymentType,
      cardToken: null,
      cardLabel: null,
      cancelledAt: null,
      nextTierId: null,
      nextPlan: null,
      periodStart,
      expireDate: periodEnd(periodStart, plan),
      renewalAttempts: 0,
      nextRenewalAttemptAt: null,
      pendingChargeReference: null,
      nextRewardAt: nextRewardAfter(periodStart, tier, plan),
    });
    await creditReward(tx, renewed, tier, transaction.id);
    await notify(tx, m.shopId, [{ merchants: true }], {
      event: "membership.renewed",
      title: "Membership renewed",
      message: `${fullName(customer)}'s ${tier.name} membership renewed at the counter for ${formatCents(pay.amountCents)}.`,
      data: { customerId: customer.id, membershipId: m.id },
    });
    await notify(tx, m.shopId, [{ customerId: customer.id }], {
      event: "membership.renewed",
      title: "Membership renewed",
      message: `Your ${tier.name} membership renewed until ${renewed.expireDate.toISOString().slice(0, 10)}.`,
      data: { membershipId: m.id },
    });
    return { membership: renewed, transaction };
  }

  /** A new membership sold at the counter: cash (or free) now, card through a checkout. */
  async function startMembershipAtCounter(input: {
    shop: Shop;
    customerId: number;
    tier: MembershipTier;
    plan: Plan;
    paymentType: "pos" | "cash";
    discountPercent: number;
    actor: CounterActor;
  }): Promise<CounterOutcome> {
    const { shop, tier, plan, actor } = input;
    const { amountCents, discountCents } = discounted(tier, input.discountPercent);
    if (input.paymentType === "pos" && amountCents > 0) {
      requireCardAccount(shop);
      const customer = await customerOrThrow(shop.id, input.customerId);
      if (await repo.findCurrentMembership(db, shop.id, customer.id)) {
        throw new AppError("CONFLICT", MEMBER_ACTION_MESSAGES.hasMembership);
      }
      const data = await openCheckout(
        { shopId: shop.id, customer },
        shop,
        { type: "membership", tier, plan },
        { userId: actor.userId, discountCents },
      );
      return { outcome: "checkout", data };
    }
    // Cash, or a card sale discounted to nothing (no card to charge): recorded as chosen.
    return db.transaction(async (tx) => {
      const customer = await lockCounterMember(tx, shop.id, input.customerId);
      if (await repo.findCurrentMembership(tx, shop.id, customer.id, { lock: true })) {
        throw new AppError("CONFLICT", MEMBER_ACTION_MESSAGES.hasMembership);
      }
      const granted = await grantMembership(tx, {
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
      return {
        outcome: "completed" as const,
        membership: (await membershipView(tx, granted.membership)).membership,
        transaction: toTransactionDto(granted.transaction),
      };
    });
  }

  // ---------------------------------------------------------------- renewals

  type RenewalOutcome = "renewed" | "failed" | "expired" | "payment_due" | "skipped" | "deferred";

  async function renewOne(membershipId: number): Promise<RenewalOutcome> {
    const at = now();
    // Phase 1: claim the charge under the row lock (SKIP LOCKED: another instance has it).
    const claim = await db.transaction(async (tx) => {
      const m = await repo.lockMembershipById(tx, membershipId, true);
      if (!m || (m.status !== "active" && m.status !== "pending")) return null;
      const dueAt = m.nextRenewalAttemptAt ?? m.expireDate;
      if (dueAt.getTime() > at.getTime()) return null;
      const shop = await repo.findShop(tx, m.shopId);
      const tierId = m.nextTierId ?? m.tierId;
      const tier = await repo.findTier(tx, m.shopId, tierId);
      if (!shop || !tier) return null;
      const plan = m.nextPlan ?? m.plan;
      const customer = await wallet.lockWalletOwner(tx, m.shopId, m.customerId);
      if (!customer) return null;
      const cardRenewal =
        m.cardToken !== null &&
        m.paymentType !== "cash" &&
        isConnected(shop) &&
        !customer.isDisabled;
      if (!cardRenewal) {
        // Cash and counter members: the merchant is told the payment is due; no charge.
        if (m.renewalAttempts === 0) {
          await repo.updateMembership(tx, m.id, {
            status: "pending",
            renewalAttempts: 1,
            nextRenewalAttemptAt: new Date(
              m.expireDate.getTime() + RENEWAL_RETRIES * RETRY_DELAY_MS,
            ),
          });
          await notify(tx, m.shopId, [{ merchants: true }], {
            event: "membership.payment_due",
            title: "Membership payment due",
            message: `${fullName(customer)}'s ${tier.name} membership payment of ${formatCents(tier.priceCents)} is due.`,
            data: { customerId: customer.id, membershipId: m.id },
          });
          await notify(tx, m.shopId, [{ customerId: customer.id }], {
            event: "membership.payment_failed",
            title: "Membership payment due",
            message: `Your ${tier.name} membership payment of ${formatCents(tier.priceCents)} is due. Please pay at the shop to keep it.`,
            data: { membershipId: m.id },
          });
          return { done: "payment_due" as const };
        }
        await expireMembership(tx, m, customer, tier, "unpaid");
        return { done: "expired" as const };
      }
      const attempt = m.pendingChargeReference ? m.renewalAttempts : m.renewalAttempts + 1;
      const reference =
        m.pendingChargeReference ?? `renewal-${m.id}-${m.expireDate.getTime()}-${attempt}`;
      await repo.updateMembership(tx, m.id, {
        renewalAttempts: attempt,
        pendingChargeReference: reference,
        nextRenewalAttemptAt: new Date(at.getTime() + OUTAGE_RETRY_MS),
      });
      return {
        reference,
        account: accountOf(shop),
        card: m.cardToken as string,
        tier,
        plan,
        attempt,
      };
    });
    if (!claim) return "skipped";
    if ("done" in claim) return claim.done ?? "skipped";

    // Phase 2: the charge. The reference makes a repeat of this call the same charge.
    let txn: ProviderTransaction;
    try {
      txn = await provider.chargeSavedCard(claim.account, {
        savedCardToken: claim.card,
        amountCents: claim.tier.priceCents,
        reference: claim.reference,
        description: `${claim.tier.name} membership renewal`,
      });
    } catch (error) {
      log?.warn({ err: error, membershipId }, "renewal charge not sent; retrying later");
      return "deferred";
    }

    // Phase 3: record what happened.
    return db.transaction(async (tx) => {
      const m = await repo.lockMembershipById(tx, membershipId);
      if (!m || m.pendingChargeReference !== claim.reference) return "skipped";
      const customer = await wallet.lockWalletOwner(tx, m.shopId, m.customerId);
      if (!customer) return "skipped";
      const { tier, plan } = claim;
      const approved = txn.outcome === "approved" && txn.amountCents === tier.priceCents;
      const transaction = await repo.insertTransaction(tx, {
        shopId: m.shopId,
        customerId: customer.id,
        customerName: fullName(customer),
        kind: "membership_renewal",
        customerMembershipId: m.id,
        tierId: tier.id,
        membershipName: tier.name,
        plan,
        paymentType: m.paymentType,
        priceCents: tier.priceCents,
        amountCents: txn.amountCents,
        provider: provider.name,
        providerReference: txn.id,
        status: approved ? "succeeded" : "failed",
        transactionBy: fullName(customer),
      });
      if (approved) {
        const periodStart = m.expireDate;
        const renewed = await repo.updateMembership(tx, m.id, {
          status: "active",
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
        });
        await creditReward(tx, renewed, tier, transaction?.id ?? null);
        await notify(tx, m.shopId, [{ merchants: true }], {
          event: "membership.renewed",
          title: "Membership renewed",
          message: `${fullName(customer)}'s ${tier.name} membership renewed for ${formatCents(tier.priceCents)}.`,
          data: { customerId: customer.id, membershipId: m.id },
        });
        await notify(tx, m.shopId, [{ customerId: customer.id }], {
          event: "membership.renewed",
          title: "Membership renewed",
          message: `Your ${tier.name} membership renewed until ${renewed.expireDate.toISOString().slice(0, 10)}.`,
          data: { membershipId: m.id },
        });
        return "renewed";
      }
      if (claim.attempt > RENEWAL_RETRIES) {
        await expireMembership(tx, m, customer, tier, "declined");
        return "expired";
      }
      await repo.updateMembership(tx, m.id, {
        status: "pending",
        pendingChargeReference: null,
        nextRenewalAttemptAt: new Date(now().getTime() + RETRY_DELAY_MS),
      });
      const left = RENEWAL_RETRIES - claim.attempt + 1;
      await notify(tx, m.shopId, [{ merchants: true }], {
        event: "membership.payment_failed",
        title: "Renewal payment failed",
        message: `${fullName(customer)}'s ${tier.name} renewal payment was declined. ${left} more ${left === 1 ? "try" : "tries"} left.`,
        data: { customerId: customer.id, membershipId: m.id },
      });
      await notify(tx, m.shopId, [{ customerId: customer.id }], {
        event: "membership.payment_failed",
        title: "Renewal payment failed",
        message: `We could not charge your card for ${tier.name}. We will try again tomorrow.`,
        data: { membershipId: m.id },
      });
      return "failed";
    });
  }

  async function expireMembership(
    tx: Executor,
    m: repo.MembershipRow,
    customer: Customer,
    tier: MembershipTier,
    reason: "declined" | "unpaid",
  ) {
    await repo.updateMembership(tx, m.id, {
      status: "expired",
      endedAt: now(),
      pendingChargeReference: null,
      nextRenewalAttemptAt: null,
    });
    const why = reason === "declined" ? "the renewal payment failed" : "the payment was not made";
    await notify(tx, m.shopId, [{ merchants: true }], {
      event: "membership.expired",
      title: "Membership expired",
      message: `${fullName(customer)}'s ${tier.name} membership expired: ${why}.`,
      data: { customerId: customer.id, membershipId: m.id },
    });
    await notify(tx, m.shopId, [{ customerId: customer.id }], {
      event: "membership.payment_failed",
      title: "Membership expired",
      message: `Your ${tier.name} membership has expired because ${why}.`,
      data: { membershipId: m.id },
    });
  }

  // ---------------------------------------------------------------- the service

  return {
    provider,

    async getAccount(shopId: number): Promise<PaymentAccount> {
      const shop = await requireShop(shopId);
      return {
        provider: provider.name,
        connected: isConnected(shop),
        fortisId: isConnected(shop) ? shop.fortisId : null,
        fortisUserId: isConnected(shop) ? shop.fortisUserId : null,
      };
    },

    /** The owner starts onboarding; the provider's approval postback connects the shop. */
    async startOnboarding(input: {
      shopId: number;
      owner: { email: string; firstName: string; lastName: string; phoneNumber: string | null };
    }) {
      const shop = await requireShop(input.shopId);
      if (isConnected(shop)) throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyConnected);
      const reference =
        shop.onboardingReference ?? `shop-${shop.id}-${randomBytes(9).toString("base64url")}`;
      if (!shop.onboardingReference) {
        await repo.updateShopPayments(db, shop.id, { onboardingReference: reference });
      }
      const { appLink } = await callProvider(() =>
        provider.startOnboarding({
          reference,
          shopName: shop.name,
          email: input.owner.email,
          firstName: input.owner.firstName,
          lastName: input.owner.lastName,
          phoneNumber: input.owner.phoneNumber,
          postbackUrl: deps.postbackUrl,
          returnUrl: `${deps.publicUrl}/merchant/profile`,
        }),
      );
      return { message: PAYMENT_MESSAGES.onboardingStarted, app_link: appLink };
    },

    /** The approval postback: stores the merchant's ids on the shop it names. */
    async applyOnboarding(reference: string, account: MerchantAccount) {
      const shop = await repo.findShopByOnboardingReference(db, reference);
      if (!shop) return false;
      await this.connectShop(shop.id, account);
      return true;
    },

    /** Stores a merchant account on the shop (the API key sealed). */
    async connectShop(shopId: number, account: MerchantAccount) {
      await repo.updateShopPayments(db, shopId, {
        fortisId: account.locationId,
        fortisUserId: account.userId,
        fortisApiKeyEncrypted: keyBox.seal(account.apiKey),
        fortisProductTransactionId: account.productTransactionId,
        paymentsProvider: provider.name,
      });
    },

    /**
     * A postback (already authenticated). Onboarding approvals connect the shop; a transaction
     * is re-fetched from the provider and only its refund state is taken over, since payments
     * are granted by the checkout completion and renewals by the renewal job.
     */
    async handlePostback(body: unknown) {
      const event = provider.parsePostback(body);
      if (event.kind === "onboarding") {
        return { handled: await this.applyOnboarding(event.reference, event.account) };
      }
      if (event.kind === "transaction" && event.locationId) {
        const shop = await repo.findShopByLocation(db, event.locationId);
        if (!shop || !isConnected(shop)) return { handled: false };
        const txn = await callProvider(() =>
          provider.getTransaction(accountOf(shop), event.transactionId),
        );
        if (!txn) return { handled: false };
        const known = await repo.findTransactionByReference(db, shop.id, provider.name, txn.id);
        if (known && txn.refunded && known.status === "succeeded") {
          await repo.updateTransaction(db, known.id, { status: "refunded", refundedAt: now() });
        }
        if (!known && txn.outcome === "approved" && txn.reference) {
          // A form payment whose completion never arrived: its reference names the checkout.
          const owner = await recoveryRepo.findCheckoutShop(db, txn.reference);
          if (owner?.fortisId !== event.locationId) return { handled: false };
          const outcome = await this.recoverCheckout(owner.shopId, txn.reference);
          return { handled: outcome === "completed" || outcome === "refused" };
        }
        return { handled: Boolean(known) };
      }
      return { handled: false };
    },

    /** POST /fortis/elements/transaction/intention */
    async createIntention(
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
      const shop = await requireShop(scope.shopId);
      accountOf(shop);
      if (payload.type === "membership") {
        const tier = await requireSellableTier(shop.id, payload.membershipId as number);
        const current = await repo.findCurrentMembership(db, shop.id, scope.customer.id);
        if (current) {
          throw new AppError(
            "CONFLICT",
            current.tierId === tier.id
              ? PAYMENT_MESSAGES.alreadyMember
              : PAYMENT_MESSAGES.hasMembership,
          );
        }
        return { data: await openCheckout(scope, shop, { type: "membership", tier }) };
      }
      return this.purchaseOffer(scope, scope.customer.id, {
        offerId: payload.offerId as number,
        cashbackUsed: payload.cashbackUsed ?? 0,
      }).then((result) => {
        if (result.outcome === "checkout") return { data: result.data };
        // Fully covered by cashback: nothing for the card to pay.
        throw new AppError("CONFLICT", "This offer is already paid with your cashback.");
      });
    },

    /**
     * POST /customer/offers/purchase-offer/{id}: every customer offer purchase starts here.
     * Cashback applied = min(balance, price, asked). Fully covered: granted now, in one
     * transaction. Otherwise a checkout opens for the rest and the completion grants it.
     */
    async purchaseOffer(
      scope: CustomerScope,
      customerIdParam: number,
      payload: { offerId: number; cashbackUsed: number },
    ): Promise<
      (PurchaseResult & { outcome: "completed" }) | { outcome: "checkout"; data: CheckoutSession }
    > {
      checkCustomer(scope, { customerId: customerIdParam });
      const shop = await requireShop(scope.shopId);
      const quote = await db.transaction(async (tx) => {
        const customer = await wallet.lockWalletOwner(tx, shop.id, scope.customer.id);
        if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
        const offer = await checkOfferUnit(tx, shop, payload.offerId, customer.id);
        const balance = await wallet.balanceCents(tx, shop.id, customer.id);
        if (toCents(payload.cashbackUsed) > balance) {
          throw new AppError(
            "BAD_REQUEST",
            "You cannot redeem more than your available cashback.",
            {
              errors: { cashbackUsed: "You cannot redeem more than your available cashback." },
            },
          );
        }
        if (toCents(payload.cashbackUsed) > offer.offerPriceCents) {
          throw new AppError("BAD_REQUEST", "Cashback amount cannot exceed the offer price.", {
            errors: { cashbackUsed: "Cashback amount cannot exceed the offer price." },
          });
        }
        const applied = applyCashback({
          balance: toDollars(balance),
          price: toDollars(offer.offerPriceCents),
          requested: payload.cashbackUsed,
        });
        const cashbackCents = toCents(applied.cashbackUsed);
        if (!applied.isFullyCovered) return { offer, cashbackCents, granted: null };
        const granted = await grantOffer(tx, {
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
        return { offer, cashbackCents, granted };
      });
      if (quote.granted) {
        return {
          outcome: "completed",
          message: PAYMENT_MESSAGES.offerPurchased,
          type: "offer",
          membership: null,
          customerOffer: quote.granted.view,
          rewardBalance: await rewardBalance(shop.id, scope.customer.id),
        };
      }
      return {
        outcome: "checkout",
        data: await openCheckout(scope, shop, {
          type: "offer",
          offer: quote.offer,
          cashbackCents: quote.cashbackCents,
        }),
      };
    },

    /**
     * The payment form's "done": verify with the provider, then grant, record, credit, debit
     * and notify in one database transaction. The same completion twice grants once.
     */
    async completeCheckout(
      scope: CustomerScope,
      input: { checkoutId: string; transactionId: string },
    ): Promise<PurchaseResult> {
      checkCustomer(scope, {});
      const shop = await requireShop(scope.shopId);
      const checkout = await repo.findCheckout(db, shop.id, input.checkoutId);
      // A checkout the merchant opened at the counter is completed from the merchant's session.
      if (
        !checkout ||
        checkout.customerId !== scope.customer.id ||
        checkout.createdByUserId !== null
      ) {
        throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
      }
      return finishCheckout(shop, checkout, scope.customer, input.transactionId, {
        kind: "customer",
        customerId: scope.customer.id,
      });
    },

    /** What a completed checkout granted (for the first completion and its repeats). */
    completedResult,

    /**
     * A membership sold at the counter (Add New Member's payment step, or Manage Membership for
     * a member without one): the price after a 0–100 % discount, computed here. Cash is
     * recorded and active at once; Card opens a `pos` checkout that the merchant completes.
     */
    async sellMembershipAtCounter(input: {
      shopId: number;
      customerId: number;
      tierId: number;
      plan?: Plan | undefined;
      paymentType: "pos" | "cash";
      discountPercent: number;
      actor: CounterActor;
    }): Promise<CounterOutcome> {
      const shop = await requireShop(input.shopId);
      const tier = await requireSellableTier(shop.id, input.tierId);
      const plan = checkPlan(tier, input.plan);
      return startMembershipAtCounter({ ...input, shop, tier, plan });
    },

    /**
     * Manage Membership at the counter. No current membership: a sale, as above. A renewal
     * still unpaid (`pending`): the merchant takes that payment. Active or cancelled: the tier
     * becomes the next renewal's (no payment now; a cancelled one resumes renewing), and Cash
     * stops charging a saved card.
     */
    async changeMembershipAtCounter(input: {
      shopId: number;
      customerId: number;
      tierId: number;
      plan?: Plan | undefined;
      paymentType: "pos" | "cash";
      discountPercent: number;
      activeMembershipId?: number | undefined;
      actor: CounterActor;
    }): Promise<
      | CounterOutcome
      | {
          outcome: "scheduled";
          membership: CustomerMembership;
          nextRenewalMembership: NextRenewalMembership | null;
        }
    > {
      const shop = await requireShop(input.shopId);
      const customer = await customerOrThrow(shop.id, input.customerId);
      const tier = await requireSellableTier(shop.id, input.tierId);
      const plan = checkPlan(tier, input.plan);
      const current = await repo.findCurrentMembership(db, shop.id, customer.id);
      const changed = () => new AppError("CONFLICT", MEMBER_ACTION_MESSAGES.membershipChanged);
      if (input.activeMembershipId !== undefined && current?.id !== input.activeMembershipId) {
        throw changed();
      }
      if (!current) return startMembershipAtCounter({ ...input, shop, tier, plan });
      const { actor } = input;

      if (current.status === "pending") {
        const { amountCents, discountCents } = discounted(tier, input.discountPercent);
        if (input.paymentType === "pos" && amountCents > 0) {
          requireCardAccount(shop);
          const data = await openCheckout(
            { shopId: shop.id, customer },
            shop,
            { type: "membership", tier, plan },
            { userId: actor.userId, discountCents },
          );
          return { outcome: "checkout", data };
        }
        return db.transaction(async (tx) => {
          const locked = await lockCounterMember(tx, shop.id, customer.id);
          const m = await repo.findCurrentMembership(tx, shop.id, locked.id, { lock: true });
          if (m?.id !== current.id || m.status !== "pending") throw changed();
          const renewed = await renewAtCounter(tx, m, locked, tier, plan, {
            paymentType: input.paymentType,
            amountCents,
            discountCents,
            providerReference: null,
            actor,
          });
          return {
            outcome: "completed" as const,
            renewed: true as const,
            membership: (await membershipView(tx, renewed.membership)).membership,
            transaction: toTransactionDto(renewed.transaction),
          };
        });
      }

      return db.transaction(async (tx) => {
        const locked = await lockCounterMember(tx, shop.id, customer.id);
        const m = await repo.findCurrentMembership(tx, shop.id, locked.id, { lock: true });
        if (m?.id !== current.id || (m.status !== "active" && m.status !== "cancelled")) {
          throw changed();
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
        await notify(tx, shop.id, [{ merchants: true }], {
          event: "membership.plan_changed",
          title: staying ? "Membership renewal resumed" : "Membership plan changed",
          message: staying
            ? `${name} will keep renewing ${tier.name} (changed by ${actor.name}).`
            : `${name} switches to ${tier.name} at the next renewal (changed by ${actor.name}).`,
          data: { customerId: locked.id, membershipId: m.id },
        });
        await notify(tx, shop.id, [{ customerId: locked.id }], {
          event: "membership.plan_changed",
          title: "Membership updated",
          message: staying
            ? `Your ${tier.name} membership will keep renewing.`
            : `Your membership changes to ${tier.name} at your next renewal.`,
          data: { membershipId: m.id },
        });
        const view = await membershipView(tx, updated);
        return {
          outcome: "scheduled" as const,
          membership: view.membership,
          nextRenewalMembership: view.next,
        };
      });
    },

    /**
     * The Offer Price (pay) modal: an offer sold to a member at the counter, cash or card
     * (`pos`), with cashback up to min(balance, price). Cash, or cashback covering the price,
     * completes now; otherwise a `pos` checkout opens for the rest.
     */
    async sellOfferAtCounter(input: {
      shopId: number;
      customerId: number;
      offerId: number;
      cashbackUsed: number;
      paymentType: "pos" | "cash";
      actor: CounterActor;
    }): Promise<
      (PurchaseResult & { outcome: "completed" }) | { outcome: "checkout"; data: CheckoutSession }
    > {
      const shop = await requireShop(input.shopId);
      const quote = await db.transaction(async (tx) => {
        const customer = await lockCounterMember(tx, shop.id, input.customerId);
        const offer = await checkOfferUnit(tx, shop, input.offerId, customer.id);
        const balance = await wallet.balanceCents(tx, shop.id, customer.id);
        const asked = toCents(input.cashbackUsed);
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
          requested: input.cashbackUsed,
        });
        const cashbackCents = toCents(applied.cashbackUsed);
        const amountCents = offer.offerPriceCents - cashbackCents;
        if (input.paymentType === "pos" && amountCents > 0) {
          return { customer, offer, cashbackCents, granted: null };
        }
        const granted = await grantOffer(tx, {
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
        return { customer, offer, cashbackCents, granted };
      });
      if (quote.granted) {
        return {
          outcome: "completed",
          message: PAYMENT_MESSAGES.offerPurchased,
          type: "offer",
          membership: null,
          customerOffer: quote.granted.view,
          rewardBalance: await rewardBalance(shop.id, input.customerId),
        };
      }
      requireCardAccount(shop);
      const data = await openCheckout(
        { shopId: shop.id, customer: quote.customer },
        shop,
        { type: "offer", offer: quote.offer, cashbackCents: quote.cashbackCents },
        { userId: input.actor.userId, discountCents: 0 },
      );
      return { outcome: "checkout", data };
    },

    /**
     * The counter card form's "done" (POST /member/payments/complete): the merchant's session
     * completes a checkout opened at the counter, with the same checks as the customer's.
     */
    async completeCounterCheckout(input: {
      shopId: number;
      checkoutId: string;
      transactionId: string;
      actor: CounterActor;
    }): Promise<PurchaseResult> {
      const shop = await requireShop(input.shopId);
      const checkout = await repo.findCheckout(db, shop.id, input.checkoutId);
      if (!checkout || checkout.createdByUserId === null) {
        throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.checkoutNotFound);
      }
      const buyer = await repo.findCustomer(db, shop.id, checkout.customerId);
      if (!buyer) throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
      return finishCheckout(shop, checkout, buyer, input.transactionId, input.actor);
    },

    /**
     * Settles one checkout the browser never completed, from what the provider says (the
     * recovery sweep and the provider's postback). A paid one is completed through the same
     * idempotent path as the browser's completion, or refunded when it can no longer be
     * granted; an unpaid one whose form can no longer be paid is closed as expired.
     */
    async recoverCheckout(shopId: number, checkoutId: string): Promise<RecoveryOutcome> {
      const shop = await repo.findShop(db, shopId);
      const checkout = await repo.findCheckout(db, shopId, checkoutId);
      if (!shop || !checkout || checkout.status !== "open" || !isConnected(shop)) return "skipped";
      const payment = await provider.findCheckoutPayment(accountOf(shop), {
        reference: checkout.id,
        clientToken: checkout.clientToken,
      });
      if (payment?.outcome !== "approved") {
        const formClosed = checkout.expiresAt.getTime() + UNPAID_GRACE_MS <= now().getTime();
        if (formClosed && (await recoveryRepo.expireOpenCheckout(db, checkout.id)))
          return "expired";
        return "unpaid";
      }
      const buyer = await repo.findCustomer(db, shop.id, checkout.customerId);
      if (!buyer) return "skipped";
      const opener = checkout.createdByUserId;
      const actor: Actor =
        opener === null
          ? { kind: "customer", customerId: buyer.id }
          : {
              kind: "merchant",
              userId: opener,
              name: (await recoveryRepo.findUserName(db, opener)) ?? "Staff",
            };
      try {
        await finishCheckout(shop, checkout, buyer, payment.id, actor);
        log?.warn({ checkoutId: checkout.id }, "recovered a paid checkout");
        return "completed";
      } catch (error) {
        if (!(error instanceof AppError) || error.code === "UNAVAILABLE") throw error;
        log?.warn({ checkoutId: checkout.id, reason: error.message }, "paid checkout refused");
        return "refused";
      }
    },

    /**
     * POST /fortis/membership/schedule: for a customer with a current membership, the chosen
     * tier becomes the next renewal's (no payment now); a cancelled one resumes renewing.
     */
    async scheduleRenewal(
      scope: CustomerScope,
      payload: { customerId: number; shopId: number; membershipId: number; plan: Plan },
    ) {
      checkCustomer(scope, payload);
      const tier = await requireSellableTier(scope.shopId, payload.membershipId);
      if (payload.plan !== tier.renewal) {
        throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.planMismatch, {
          errors: { plan: PAYMENT_MESSAGES.planMismatch },
        });
      }
      return db.transaction(async (tx) => {
        await wallet.lockWalletOwner(tx, scope.shopId, scope.customer.id);
        const m = await repo.findCurrentMembership(tx, scope.shopId, scope.customer.id, {
          lock: true,
        });
        if (!m || (m.status !== "active" && m.status !== "cancelled")) {
          throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.noActiveMembership);
        }
        const staying = tier.id === m.tierId && payload.plan === m.plan;
        const updated = await repo.updateMembership(tx, m.id, {
          status: "active",
          cancelledAt: null,
          nextTierId: staying ? null : tier.id,
          nextPlan: staying ? null : payload.plan,
        });
        await notify(tx, scope.shopId, [{ merchants: true }], {
          event: "membership.plan_changed",
          title: staying ? "Membership renewal resumed" : "Membership plan changed",
          message: staying
            ? `${fullName(scope.customer)} will keep renewing ${tier.name}.`
            : `${fullName(scope.customer)} switches to ${tier.name} at the next renewal.`,
          data: { customerId: scope.customer.id, membershipId: m.id },
        });
        const view = await membershipView(tx, updated);
        return {
          message: PAYMENT_MESSAGES.renewalScheduled,
          membership: view.membership,
          nextRenewalMembership: view.next,
        };
      });
    },

    /**
     * Cancellation, one service for the customer, the merchant and the provider cancel call:
     * renewal stops, the membership stays usable until `expireDate` (DOMAIN), both sides hear.
     */
    async cancelMembership(input: {
      shopId: number;
      customerId: number;
      membershipId?: number | undefined;
      actor: Actor;
    }) {
      return db.transaction(async (tx) => {
        const customer = await wallet.lockWalletOwner(tx, input.shopId, input.customerId);
        if (!customer) throw new AppError("NOT_FOUND", "Customer not found.");
        const m = await repo.findCurrentMembership(tx, input.shopId, input.customerId, {
          lock: true,
        });
        if (!m || (input.membershipId !== undefined && m.id !== input.membershipId)) {
          throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noMembershipToCancel);
        }
        if (m.status === "cancelled") {
          throw new AppError("CONFLICT", PAYMENT_MESSAGES.noMembershipToCancel);
        }
        const at = now();
        // A renewal still unpaid has nothing left to use: it ends now.
        const endsNow = m.status === "pending";
        const updated = await repo.updateMembership(tx, m.id, {
          status: endsNow ? "expired" : "cancelled",
          cancelledAt: at,
          endedAt: endsNow ? at : null,
          nextTierId: null,
          nextPlan: null,
          nextRenewalAttemptAt: null,
          pendingChargeReference: null,
        });
        const view = await membershipView(tx, updated);
        const by = input.actor.kind === "merchant" ? "the shop" : fullName(customer);
        await notify(tx, input.shopId, [{ merchants: true }], {
          event: "membership.cancelled",
          title: "Membership cancelled",
          message: `${fullName(customer)}'s ${view.membership.name} membership was cancelled by ${by}.`,
          data: { customerId: customer.id, membershipId: m.id },
        });
        await notify(tx, input.shopId, [{ customerId: customer.id }], {
          event: "membership.cancelled",
          title: "Membership cancelled",
          message: endsNow
            ? `Your ${view.membership.name} membership has ended.`
            : `Your ${view.membership.name} membership will not renew. You keep it until ${updated.expireDate.toISOString().slice(0, 10)}.`,
          data: { membershipId: m.id },
        });
        return { message: PAYMENT_MESSAGES.membershipCancelled, membership: view.membership };
      });
    },

    /** The owner refunds a payment: money back, what it bought ends, cashback used returns. */
    async refundTransaction(input: { shopId: number; transactionId: number }) {
      const shop = await requireShop(input.shopId);
      const found = await repo.findTransaction(db, shop.id, input.transactionId);
      if (!found) throw new AppError("NOT_FOUND", "Transaction not found.");
      if (found.status === "refunded")
        throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyRefunded);
      if (found.status !== "succeeded")
        throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.cannotRefund);
      if (found.kind === "offer_purchase") {
        const purchase = await db.transaction((tx) =>
          repo.findCustomerOfferByTransaction(tx, found.id),
        );
        if (purchase?.redeemedAt)
          throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.offerAlreadyRedeemed);
      }
      if (found.providerReference && found.amountCents > 0) {
        if (found.provider !== provider.name) {
          throw new AppError("UNPROCESSABLE", PAYMENT_MESSAGES.cannotRefund);
        }
        const account = accountOf(shop);
        await callProvider(() =>
          provider.refund(account, {
            transactionId: found.providerReference as string,
            amountCents: found.amountCents,
          }),
        );
      }
      return db.transaction(async (tx) => {
        // Lock order: the customer, then the transaction (docs/money-safety.md).
        if (found.customerId !== null) await wallet.lockWalletOwner(tx, shop.id, found.customerId);
        const t = await repo.findTransaction(tx, shop.id, found.id, { lock: true });
        if (t?.status !== "succeeded")
          throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyRefunded);
        const at = now();
        await repo.updateTransaction(tx, t.id, { status: "refunded", refundedAt: at });
        if (t.kind === "offer_purchase") {
          const purchase = await repo.findCustomerOfferByTransaction(tx, t.id);
          if (purchase) await repo.voidCustomerOffer(tx, purchase.id, at);
        }
        if (t.customerId !== null && t.cashbackUsedCents > 0) {
          await wallet.credit(tx, {
            shopId: shop.id,
            customerId: t.customerId,
            cents: t.cashbackUsedCents,
            kind: "refund",
            description: `Refund of cashback paid towards ${t.offerName ?? t.membershipName ?? "a purchase"}`,
            transactionId: t.id,
          });
        }
        if (t.customerMembershipId !== null && t.kind !== "offer_purchase") {
          const m = await repo.lockMembershipById(tx, t.customerMembershipId);
          if (m && m.status !== "expired") {
            await repo.updateMembership(tx, m.id, {
              status: "expired",
              endedAt: at,
              nextRenewalAttemptAt: null,
              pendingChargeReference: null,
            });
            // The period's reward goes back as far as the wallet still holds it.
            const tier = await repo.findTier(tx, shop.id, m.tierId);
            const balance = await wallet.balanceCents(tx, shop.id, m.customerId);
            const clawback = Math.min(balance, tier?.cashbackRewardCents ?? 0);
            await wallet.debit(tx, {
              shopId: shop.id,
              customerId: m.customerId,
              cents: clawback,
              kind: "reversal",
              description: "Cashback reward of a refunded membership payment",
              transactionId: t.id,
            });
          }
        }
        if (t.customerId !== null) {
          await notify(tx, shop.id, [{ customerId: t.customerId }], {
            event: "payment.refunded",
            title: "Payment refunded",
            message: `${formatCents(t.amountCents)} for ${t.offerName ?? t.membershipName ?? "your purchase"} has been refunded.`,
            data: { transactionId: t.id },
          });
        }
        const refreshed = await repo.findTransaction(tx, shop.id, t.id);
        return {
          message: PAYMENT_MESSAGES.refunded,
          transaction: toTransactionDto(refreshed ?? t),
        };
      });
    },

    async getWallet(shopId: number, customerId: number) {
      const current = await repo.findCurrentMembership(db, shopId, customerId);
      const view = current ? await membershipView(db, current) : null;
      return {
        membership: view?.membership ?? null,
        nextRenewalMembership: view?.next ?? null,
        rewardBalance: await rewardBalance(shopId, customerId),
      };
    },

    /** The customer's purchased offers still redeemable. */
    async listActiveOffers(shopId: number, customerId: number) {
      const rows = await repo.listRedeemableOffers(db, shopId, customerId, now());
      const sold = await repo.countSoldUnits(db, [...new Set(rows.map((r) => r.offer.id))]);
      return rows.map((r) => customerOfferView(r.purchase, r.offer, sold.get(r.offer.id) ?? 0));
    },

    // ---------------------------------------------------------------- jobs

    /** Charges due renewals (and retries); returns what happened to each. */
    async runRenewals(limit = 50, options: { shopId?: number } = {}) {
      const due = await repo.listDueRenewals(db, now(), limit, options.shopId);
      const outcomes: { membershipId: number; outcome: RenewalOutcome | "error" }[] = [];
      for (const { id } of due) {
        try {
          outcomes.push({ membershipId: id, outcome: await renewOne(id) });
        } catch (error) {
          // One broken membership (a shop whose key cannot be opened, a provider fault) must
          // not stop every other shop's renewals; it is logged and tried again next run.
          log?.error({ err: error, membershipId: id }, "renewal failed");
          outcomes.push({ membershipId: id, outcome: "error" });
        }
      }
      return outcomes;
    },

    /** Cancelled memberships whose paid time is over become expired. */
    async runExpiries(limit = 200) {
      const ended = await repo.listEndedCancellations(db, now(), limit);
      for (const { id } of ended) {
        await db.transaction(async (tx) => {
          const m = await repo.lockMembershipById(tx, id, true);
          if (m?.status !== "cancelled" || m.expireDate.getTime() > now().getTime()) return;
          await repo.updateMembership(tx, m.id, { status: "expired", endedAt: now() });
        });
      }
      return ended.length;
    },

    /** "Expiring in 3 days": once per period end. */
    async runExpiryNotices(limit = 200) {
      const at = now();
      const soon = await repo.listExpiringSoon(
        db,
        at,
        new Date(at.getTime() + EXPIRY_NOTICE_MS),
        limit,
      );
      for (const { id } of soon) {
        await db.transaction(async (tx) => {
          const m = await repo.lockMembershipById(tx, id, true);
          if (!m || m.expiryNoticeSentFor?.getTime() === m.expireDate.getTime()) return;
          const tier = await repo.findTier(tx, m.shopId, m.nextTierId ?? m.tierId);
          if (!tier) return;
          const day = m.expireDate.toISOString().slice(0, 10);
          const renewsByCard =
            m.status === "active" && m.cardToken !== null && m.paymentType !== "cash";
          await notify(tx, m.shopId, [{ customerId: m.customerId }], {
            event: "membership.expiring",
            title: renewsByCard ? "Membership renews soon" : "Membership expiring soon",
            message: renewsByCard
              ? `Your ${tier.name} membership renews on ${day}: ${formatCents(tier.priceCents)} will be charged to ${m.cardLabel ?? "your saved card"}.`
              : `Your ${tier.name} membership expires on ${day}.`,
            data: { membershipId: m.id },
          });
          await repo.updateMembership(tx, m.id, { expiryNoticeSentFor: m.expireDate });
        });
      }
      return soon.length;
    },

    /** Rewards due inside a paid period (a yearly plan credited monthly). */
    async runRewards(limit = 200) {
      const due = await repo.listDueRewards(db, now(), limit);
      for (const { id } of due) {
        await db.transaction(async (tx) => {
          const m = await repo.lockMembershipById(tx, id, true);
          if (!m?.nextRewardAt || m.nextRewardAt.getTime() > now().getTime()) return;
          if (m.nextRewardAt.getTime() >= m.expireDate.getTime()) return;
          const tier = await repo.findTier(tx, m.shopId, m.tierId);
          if (!tier) return;
          await wallet.lockWalletOwner(tx, m.shopId, m.customerId);
          await creditReward(tx, m, tier, null);
          const next = addMonthsClamped(m.nextRewardAt, rewardMonths(tier, m.plan));
          await repo.updateMembership(tx, m.id, {
            nextRewardAt: next.getTime() < m.expireDate.getTime() ? next : null,
          });
        });
      }
      return due.length;
    },
  };
}

export function toTransactionDto(t: repo.TransactionRow): Transaction {
  return {
    id: t.id,
    transactionId: t.providerReference,
    transactionDate: t.createdAt.toISOString(),
    transactionType: t.kind === "offer_purchase" ? "Offer" : (t.membershipName ?? "Membership"),
    offerName: t.offerName,
    membershipName: t.membershipName,
    plan: t.plan,
    paymentType: t.paymentType,
    offerPrice: t.kind === "offer_purchase" ? toDollars(t.priceCents) : null,
    price: toDollars(t.priceCents),
    amount: toDollars(t.amountCents),
    discount: toDollars(t.discountCents),
    cashbackUsed: toDollars(t.cashbackUsedCents),
    status: t.status,
    transactionBy: t.transactionBy,
    customerName: t.customerName,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
