import { PAYMENT_MESSAGES } from "@tessera/shared";
import type { Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Executor } from "../../infra/db";
import { recordRefund } from "../audit/record";
import { emailRefund } from "../emails/queue";
import { webhookEvents } from "../integrations/webhooks/events";
import { notifyCustomer } from "../notifications/customer-notice";
import * as wallet from "../wallet/wallet";
import { accountOf, callProvider, type PaymentsContext, requireShop } from "./context";
import * as repo from "./repo";
import { toTransactionDto } from "./views";

/**
 * Refunds: the owner gives a payment back. The provider refunds the card first; then, in one
 * database transaction, the payment is marked refunded, what it bought ends, the cashback it
 * used returns to the wallet and the period's reward is taken back as far as it is still there.
 */

/** The owner refunds a payment: money back, what it bought ends, cashback used returns. */
export async function refundTransaction(
  ctx: PaymentsContext,
  input: { shopId: number; transactionId: number },
) {
  const { db, provider } = ctx;
  const shop = await requireShop(ctx, input.shopId);
  const found = await repo.findTransaction(db, shop.id, input.transactionId);
  if (!found) throw new AppError("NOT_FOUND", "Transaction not found.");
  if (found.status === "refunded") throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyRefunded);
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
    const account = accountOf(ctx, shop);
    await callProvider(ctx, () =>
      provider.refund(account, {
        transactionId: found.providerReference as string,
        amountCents: found.amountCents,
      }),
    );
  }
  return db.transaction((tx) => undoPayment(ctx, tx, shop, found.id, found.customerId));
}

/** Inside one transaction: the payment refunded and everything it did undone. */
async function undoPayment(
  ctx: PaymentsContext,
  tx: Executor,
  shop: Shop,
  transactionId: number,
  customerId: number | null,
) {
  // Lock order: the customer, then the transaction (docs/money-safety.md).
  if (customerId !== null) await wallet.lockWalletOwner(tx, shop.id, customerId);
  const t = await repo.findTransaction(tx, shop.id, transactionId, { lock: true });
  if (t?.status !== "succeeded") throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyRefunded);
  const at = ctx.now();
  await repo.updateTransaction(tx, t.id, { status: "refunded", refundedAt: at });
  await recordRefund(tx, t, { ...t, status: "refunded" });
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
    await endRefundedMembership(tx, shop, t.customerMembershipId, t.id, at);
  }
  await emailRefund(tx, t.id);
  await webhookEvents.paymentRefunded(tx, { ...t, status: "refunded", refundedAt: at });
  if (t.customerId !== null) {
    const item = t.offerName ?? t.membershipName;
    await notifyCustomer(tx, shop.id, t.customerId, {
      event: "payment.refunded",
      title: "Payment refunded",
      message: item
        ? "{amount} for {item} has been refunded."
        : "{amount} for your purchase has been refunded.",
      values: { amount: { cents: t.amountCents }, item: item ?? "" },
      data: { transactionId: t.id },
    });
  }
  const refreshed = await repo.findTransaction(tx, shop.id, t.id);
  return {
    message: PAYMENT_MESSAGES.refunded,
    transaction: toTransactionDto(refreshed ?? t),
  };
}

/** The refunded payment's membership ends now, and its period's reward is taken back. */
async function endRefundedMembership(
  tx: Executor,
  shop: Shop,
  membershipId: number,
  transactionId: number,
  at: Date,
) {
  const m = await repo.lockMembershipById(tx, membershipId);
  if (!m || m.status === "expired") return;
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
    transactionId,
  });
}
