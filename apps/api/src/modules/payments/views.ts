import {
  type CustomerMembership,
  type NextRenewalMembership,
  type Transaction,
  toDollars,
} from "@tessera/shared";
import type { MembershipTier, Offer } from "../../db/schema";
import type { Executor } from "../../infra/db";
import * as wallet from "../wallet/wallet";
import * as repo from "./repo";

/** How the payment workflows answer: memberships, bought offers and transactions as the API shows them. */

export async function membershipView(
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

export function customerOfferView(
  purchase: repo.CustomerOfferRow,
  offer: Offer,
  soldCount: number,
) {
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

/** The customer's cashback balance in dollars. */
export async function rewardBalance(db: Executor, shopId: number, customerId: number) {
  return toDollars(await wallet.balanceCents(db, shopId, customerId));
}
