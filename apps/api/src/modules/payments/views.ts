import {
  type CustomerMembership,
  type NextRenewalMembership,
  type Transaction,
  toDollars,
} from "@tessera/shared";
import type { MembershipTier } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { toCustomerMembershipDto, toCustomerOfferDto, toNextRenewalDto } from "../customer/dto";
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

/** The same views as the customer dashboard's, so a payment answers what the dashboard shows. */
function toMembershipView(
  membership: repo.MembershipRow,
  tiers: MembershipTier[],
  benefits: Awaited<ReturnType<typeof repo.listBenefitsOfTiers>>,
): { membership: CustomerMembership; next: NextRenewalMembership | null } {
  const tier = tiers.find((t) => t.id === membership.tierId);
  if (!tier) throw new Error(`tier ${membership.tierId} of membership ${membership.id} missing`);
  const nextTier = membership.nextTierId
    ? tiers.find((t) => t.id === membership.nextTierId)
    : undefined;
  return {
    membership: toCustomerMembershipDto(membership, tier, benefits),
    next: nextTier ? toNextRenewalDto(membership, nextTier) : null,
  };
}

export const customerOfferView = toCustomerOfferDto;

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
