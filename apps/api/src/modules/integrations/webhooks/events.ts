import type { Database, Executor, Transaction } from "../../../infra/db";
import {
  emitWebhookEvent,
  memberData,
  membershipData,
  redemptionData,
  transactionData,
} from "./emit";

type Member = Parameters<typeof memberData>[0] & { shopId: number; isDisabled?: boolean };
type Membership = Parameters<typeof membershipData>[0] & { shopId: number; periodStart: Date };
type Payment = Parameters<typeof transactionData>[0] & { shopId: number };
type Redemption = Parameters<typeof redemptionData>[0] & { shopId: number };

/**
 * The ten events, one call each, for the workflows to make in their transaction (one line next to
 * their notices). Event ids are stable where the change has one (a payment, a period), so the same
 * change emitted twice is delivered once per endpoint.
 */
export const webhookEvents = {
  memberCreated: (tx: Executor, c: Member) =>
    emitWebhookEvent(tx, c.shopId, "member.created", memberData(c), c.id),

  memberUpdated: (tx: Executor, c: Member) =>
    emitWebhookEvent(tx, c.shopId, "member.updated", memberData(c)),

  /** Runs an update of a member in a transaction that also emits `member.updated` if it found one. */
  updatingMember: <T extends Member>(
    db: Database,
    update: (tx: Transaction) => Promise<T | undefined>,
  ) =>
    db.transaction(async (tx) => {
      const row = await update(tx);
      if (row) await emitWebhookEvent(tx, row.shopId, "member.updated", memberData(row));
      return row;
    }),

  membershipPurchased: (tx: Executor, m: Membership, t: Payment) =>
    emitWebhookEvent(
      tx,
      m.shopId,
      "membership.purchased",
      { ...membershipData(m), ...transactionData(t) },
      t.id,
    ),

  membershipRenewed: (tx: Executor, m: Membership) =>
    emitWebhookEvent(
      tx,
      m.shopId,
      "membership.renewed",
      membershipData(m),
      `${m.id}:${m.periodStart.getTime()}`,
    ),

  /** A renewal charge declined; `nextAttemptAt` is when the card is tried again. */
  paymentFailed: (tx: Executor, m: Membership, attempt: number, nextAttemptAt: Date) =>
    emitWebhookEvent(
      tx,
      m.shopId,
      "membership.payment_failed",
      {
        ...membershipData({ ...m, status: "pending" }),
        attempt,
        nextAttemptAt: nextAttemptAt.toISOString(),
      },
      `${m.id}:${m.expireDate.getTime()}:${attempt}`,
    ),

  membershipExpired: (tx: Executor, m: Membership, reason: string, at: Date) =>
    emitWebhookEvent(
      tx,
      m.shopId,
      "membership.expired",
      { ...membershipData({ ...m, status: "expired", endedAt: m.endedAt ?? at }), reason },
      `${m.id}:${m.expireDate.getTime()}`,
    ),

  membershipCancelled: (tx: Executor, m: Membership, by: "customer" | "merchant") =>
    emitWebhookEvent(
      tx,
      m.shopId,
      "membership.cancelled",
      { ...membershipData(m), cancelledBy: by === "customer" ? "member" : "shop" },
      `${m.id}:${m.cancelledAt?.getTime() ?? 0}`,
    ),

  offerPurchased: (
    tx: Executor,
    purchase: {
      id: number;
      offerId: number;
      customerId: number;
      pricePaidCents: number;
      purchasedAt: Date;
      expiresAt: Date | null;
    },
    offerName: string,
    t: Payment,
  ) =>
    emitWebhookEvent(
      tx,
      t.shopId,
      "offer.purchased",
      {
        offerPurchase: {
          id: purchase.id,
          offerId: purchase.offerId,
          offerName,
          memberId: purchase.customerId,
          pricePaidCents: purchase.pricePaidCents,
          purchasedAt: purchase.purchasedAt.toISOString(),
          expiresAt: purchase.expiresAt?.toISOString() ?? null,
        },
        ...transactionData(t),
      },
      t.id,
    ),

  redemptionCreated: (tx: Executor, r: Redemption, by: string) =>
    emitWebhookEvent(tx, r.shopId, "redemption.created", redemptionData(r, by), r.id),

  paymentRefunded: (tx: Executor, t: Payment) =>
    emitWebhookEvent(tx, t.shopId, "payment.refunded", transactionData(t), t.id),
};
