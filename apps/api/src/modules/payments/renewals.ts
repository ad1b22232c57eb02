import { formatCents, PAYMENT_MESSAGES, type Plan } from "@tessera/shared";
import type { Customer, MembershipTier } from "../../db/schema";
import { AppError } from "../../errors";
import type { Executor } from "../../infra/db";
import type { MerchantAccount, ProviderTransaction } from "../../infra/payments/types";
import {
  emailCancellation,
  emailMembershipEnded,
  emailReceipt,
  emailRenewalFailed,
} from "../emails/queue";
import { webhookEvents } from "../integrations/webhooks/events";
import { notifyCustomer } from "../notifications/customer-notice";
import { notify } from "../notifications/notify";
import * as wallet from "../wallet/wallet";
import { type Actor, accountOf, fullName, isConnected, type PaymentsContext } from "./context";
import { creditReward, membershipSale, nextPeriod, noticeRenewed } from "./grants";
import { noticeMembership } from "./membership-notices";
import * as repo from "./repo";
import { type CustomerScope, checkCustomer, requireSellableTier } from "./rules";
import { membershipView } from "./views";

/**
 * Renewals and expiries: the jobs that charge due renewals (saved card) or ask for the
 * payment at the counter, expire what was not paid or was cancelled, and send the notices;
 * and the customer's or merchant's choices about the next renewal (another tier, cancel).
 */

/** DOMAIN "Renewal": a failed renewal is retried 3 times over 3 days, then the membership expires. */
export const RENEWAL_RETRIES = 3;
const RETRY_DELAY_MS = 24 * 60 * 60 * 1000;
/** After a provider outage the same charge is sent again this much later. */
const OUTAGE_RETRY_MS = 10 * 60 * 1000;
const EXPIRY_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

export type RenewalOutcome =
  | "renewed"
  | "failed"
  | "expired"
  | "payment_due"
  | "skipped"
  | "deferred";

/** A renewal charge claimed under the membership's lock, to be sent to the provider. */
type RenewalClaim = {
  reference: string;
  account: MerchantAccount;
  card: string;
  tier: MembershipTier;
  plan: Plan;
  attempt: number;
};

/** Charges due renewals (and retries); returns what happened to each. */
export async function runRenewals(
  ctx: PaymentsContext,
  limit = 50,
  options: { shopId?: number } = {},
) {
  const due = await repo.listDueRenewals(ctx.db, ctx.now(), limit, options.shopId);
  const outcomes: { membershipId: number; outcome: RenewalOutcome | "error" }[] = [];
  for (const { id } of due) {
    try {
      outcomes.push({ membershipId: id, outcome: await renewOne(ctx, id) });
    } catch (error) {
      // One broken membership (a shop whose key cannot be opened, a provider fault) must
      // not stop every other shop's renewals; it is logged and tried again next run.
      ctx.log?.error({ err: error, membershipId: id }, "renewal failed");
      outcomes.push({ membershipId: id, outcome: "error" });
    }
  }
  return outcomes;
}

/**
 * One due renewal in three phases, so no database transaction waits on the provider:
 * claim the charge under the row lock, send it, record what happened.
 */
async function renewOne(ctx: PaymentsContext, membershipId: number): Promise<RenewalOutcome> {
  const at = ctx.now();
  const claim = await ctx.db.transaction((tx) => claimRenewal(ctx, tx, membershipId, at));
  if (!claim) return "skipped";
  if ("done" in claim) return claim.done;

  // The reference makes a repeat of this call the same charge.
  let txn: ProviderTransaction;
  try {
    txn = await ctx.provider.chargeSavedCard(claim.account, {
      savedCardToken: claim.card,
      amountCents: claim.tier.priceCents,
      reference: claim.reference,
      description: `${claim.tier.name} membership renewal`,
    });
  } catch (error) {
    ctx.log?.warn({ err: error, membershipId }, "renewal charge not sent; retrying later");
    return "deferred";
  }
  return ctx.db.transaction((tx) => recordRenewal(ctx, tx, membershipId, claim, txn));
}

/** Phase 1: claim the charge under the row lock (SKIP LOCKED: another instance has it). */
async function claimRenewal(
  ctx: PaymentsContext,
  tx: Executor,
  membershipId: number,
  at: Date,
): Promise<RenewalClaim | { done: "payment_due" | "expired" } | null> {
  const m = await repo.lockMembershipById(tx, membershipId, true);
  if (!m || (m.status !== "active" && m.status !== "pending")) return null;
  const dueAt = m.nextRenewalAttemptAt ?? m.expireDate;
  if (dueAt.getTime() > at.getTime()) return null;
  const shop = await repo.findShop(tx, m.shopId);
  const tier = await repo.findTier(tx, m.shopId, m.nextTierId ?? m.tierId);
  if (!shop || !tier) return null;
  const plan = m.nextPlan ?? m.plan;
  const customer = await wallet.lockWalletOwner(tx, m.shopId, m.customerId);
  if (!customer) return null;
  const cardRenewal =
    m.cardToken !== null &&
    m.paymentType !== "cash" &&
    isConnected(ctx, shop) &&
    !customer.isDisabled;
  if (!cardRenewal) {
    // Cash and counter members: the merchant is told the payment is due; no charge.
    if (m.renewalAttempts === 0) {
      await askForPayment(tx, m, customer, tier);
      return { done: "payment_due" };
    }
    await expireMembership(ctx, tx, m, customer, tier, "unpaid");
    return { done: "expired" };
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
    account: accountOf(ctx, shop),
    card: m.cardToken as string,
    tier,
    plan,
    attempt,
  };
}

/** A counter member's renewal comes due: pending, with the notices, for the retry window. */
async function askForPayment(
  tx: Executor,
  m: repo.MembershipRow,
  customer: Customer,
  tier: MembershipTier,
) {
  await repo.updateMembership(tx, m.id, {
    status: "pending",
    renewalAttempts: 1,
    nextRenewalAttemptAt: new Date(m.expireDate.getTime() + RENEWAL_RETRIES * RETRY_DELAY_MS),
  });
  await emailRenewalFailed(tx, {
    membershipId: m.id,
    tierId: tier.id,
    attempt: 1,
    atCounter: true,
  });
  const price = formatCents(tier.priceCents);
  await noticeMembership(
    tx,
    { shopId: m.shopId, customerId: customer.id, membershipId: m.id },
    {
      event: "membership.payment_due",
      title: "Membership payment due",
      message: `${fullName(customer)}'s ${tier.name} membership payment of ${price} is due.`,
    },
    {
      event: "membership.payment_failed",
      title: "Membership payment due",
      message:
        "Your {tierName} membership payment of {price} is due. Please pay at the shop to keep it.",
      values: { tierName: tier.name, price: { cents: tier.priceCents } },
    },
  );
}

/** Phase 3: record what the provider answered. */
async function recordRenewal(
  ctx: PaymentsContext,
  tx: Executor,
  membershipId: number,
  claim: RenewalClaim,
  txn: ProviderTransaction,
): Promise<RenewalOutcome> {
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
    ...membershipSale(m.id, tier, plan),
    paymentType: m.paymentType,
    amountCents: txn.amountCents,
    provider: ctx.provider.name,
    providerReference: txn.id,
    status: approved ? "succeeded" : "failed",
    transactionBy: fullName(customer),
  });
  if (approved) {
    const renewed = await repo.updateMembership(tx, m.id, nextPeriod(m, tier, plan));
    if (transaction) await emailReceipt(tx, transaction.id, m.cardLabel);
    await creditReward(tx, renewed, tier, transaction?.id ?? null);
    await noticeRenewed(
      tx,
      renewed,
      customer,
      tier,
      `${fullName(customer)}'s ${tier.name} membership renewed for ${formatCents(tier.priceCents)}.`,
    );
    return "renewed";
  }
  if (claim.attempt > RENEWAL_RETRIES) {
    await expireMembership(ctx, tx, m, customer, tier, "declined");
    return "expired";
  }
  await repo.updateMembership(tx, m.id, {
    status: "pending",
    pendingChargeReference: null,
    nextRenewalAttemptAt: new Date(ctx.now().getTime() + RETRY_DELAY_MS),
  });
  await emailRenewalFailed(tx, { membershipId: m.id, tierId: tier.id, attempt: claim.attempt });
  const left = RENEWAL_RETRIES - claim.attempt + 1;
  await webhookEvents.paymentFailed(
    tx,
    m,
    claim.attempt,
    new Date(ctx.now().getTime() + RETRY_DELAY_MS),
  );
  await noticeMembership(
    tx,
    { shopId: m.shopId, customerId: customer.id, membershipId: m.id },
    {
      event: "membership.payment_failed",
      title: "Renewal payment failed",
      message: `${fullName(customer)}'s ${tier.name} renewal payment was declined. ${left} more ${left === 1 ? "try" : "tries"} left.`,
    },
    {
      event: "membership.payment_failed",
      title: "Renewal payment failed",
      message: "We could not charge your card for {tierName}. We will try again tomorrow.",
      values: { tierName: tier.name },
    },
  );
  return "failed";
}

async function expireMembership(
  ctx: PaymentsContext,
  tx: Executor,
  m: repo.MembershipRow,
  customer: Customer,
  tier: MembershipTier,
  reason: "declined" | "unpaid",
) {
  await repo.updateMembership(tx, m.id, {
    status: "expired",
    endedAt: ctx.now(),
    pendingChargeReference: null,
    nextRenewalAttemptAt: null,
  });
  await emailMembershipEnded(tx, { membershipId: m.id, tierId: tier.id, reason, at: ctx.now() });
  const why = reason === "declined" ? "the renewal payment failed" : "the payment was not made";
  await webhookEvents.membershipExpired(tx, m, reason, ctx.now());
  await noticeMembership(
    tx,
    { shopId: m.shopId, customerId: customer.id, membershipId: m.id },
    {
      event: "membership.expired",
      title: "Membership expired",
      message: `${fullName(customer)}'s ${tier.name} membership expired: ${why}.`,
    },
    {
      event: "membership.payment_failed",
      title: "Membership expired",
      message:
        reason === "declined"
          ? "Your {tierName} membership has expired because the renewal payment failed."
          : "Your {tierName} membership has expired because the payment was not made.",
      values: { tierName: tier.name },
    },
  );
}

/** Cancelled memberships whose paid time is over become expired. */
export async function runExpiries(ctx: PaymentsContext, limit = 200) {
  const ended = await repo.listEndedCancellations(ctx.db, ctx.now(), limit);
  for (const { id } of ended) {
    await ctx.db.transaction(async (tx) => {
      const m = await repo.lockMembershipById(tx, id, true);
      if (m?.status !== "cancelled" || m.expireDate.getTime() > ctx.now().getTime()) return;
      const ended = await repo.updateMembership(tx, m.id, {
        status: "expired",
        endedAt: ctx.now(),
      });
      await webhookEvents.membershipExpired(tx, ended, "cancelled", ctx.now());
    });
  }
  return ended.length;
}

/** "Expiring in 3 days": once per period end. */
export async function runExpiryNotices(ctx: PaymentsContext, limit = 200) {
  const at = ctx.now();
  const until = new Date(at.getTime() + EXPIRY_NOTICE_MS);
  const soon = await repo.listExpiringSoon(ctx.db, at, until, limit);
  for (const { id } of soon) {
    await ctx.db.transaction(async (tx) => {
      const m = await repo.lockMembershipById(tx, id, true);
      if (!m || m.expiryNoticeSentFor?.getTime() === m.expireDate.getTime()) return;
      const tier = await repo.findTier(tx, m.shopId, m.nextTierId ?? m.tierId);
      if (!tier) return;
      const renewsByCard =
        m.status === "active" && m.cardToken !== null && m.paymentType !== "cash";
      await notifyCustomer(tx, m.shopId, m.customerId, {
        event: "membership.expiring",
        title: renewsByCard ? "Membership renews soon" : "Membership expiring soon",
        message: !renewsByCard
          ? "Your {tierName} membership expires on {date}."
          : m.cardLabel
            ? "Your {tierName} membership renews on {date}: {amount} will be charged to {card}."
            : "Your {tierName} membership renews on {date}: {amount} will be charged to your saved card.",
        values: {
          tierName: tier.name,
          date: { day: m.expireDate },
          amount: { cents: tier.priceCents },
          card: m.cardLabel ?? "",
        },
        data: { membershipId: m.id },
      });
      await repo.updateMembership(tx, m.id, { expiryNoticeSentFor: m.expireDate });
    });
  }
  return soon.length;
}

// ---------------------------------------------------------------- choices about the next renewal

/**
 * POST /fortis/membership/schedule: for a customer with a current membership, the chosen
 * tier becomes the next renewal's (no payment now); a cancelled one resumes renewing.
 */
export async function scheduleRenewal(
  ctx: PaymentsContext,
  scope: CustomerScope,
  payload: { customerId: number; shopId: number; membershipId: number; plan: Plan },
) {
  checkCustomer(scope, payload);
  const tier = await requireSellableTier(ctx, scope.shopId, payload.membershipId);
  if (payload.plan !== tier.renewal) {
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.planMismatch, {
      errors: { plan: PAYMENT_MESSAGES.planMismatch },
    });
  }
  return ctx.db.transaction(async (tx) => {
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
}

/**
 * Cancellation, one service for the customer, the merchant and the provider cancel call:
 * renewal stops, the membership stays usable until `expireDate` (DOMAIN), both sides hear.
 */
export async function cancelMembership(
  ctx: PaymentsContext,
  input: { shopId: number; customerId: number; membershipId?: number | undefined; actor: Actor },
) {
  return ctx.db.transaction(async (tx) => {
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
    const at = ctx.now();
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
    await emailCancellation(tx, { membershipId: m.id, at });
    const by = input.actor.kind === "merchant" ? "the shop" : fullName(customer);
    await webhookEvents.membershipCancelled(tx, updated, input.actor.kind);
    await noticeMembership(
      tx,
      { shopId: input.shopId, customerId: customer.id, membershipId: m.id },
      {
        event: "membership.cancelled",
        title: "Membership cancelled",
        message: `${fullName(customer)}'s ${view.membership.name} membership was cancelled by ${by}.`,
      },
      {
        event: "membership.cancelled",
        title: "Membership cancelled",
        message: endsNow
          ? "Your {tierName} membership has ended."
          : "Your {tierName} membership will not renew. You keep it until {date}.",
        values: { tierName: view.membership.name, date: { day: updated.expireDate } },
      },
    );
    return { message: PAYMENT_MESSAGES.membershipCancelled, membership: view.membership };
  });
}
