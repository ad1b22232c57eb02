import {
  addMonthsClamped,
  CUSTOMER_ACTIVITY_TYPES,
  type CustomerActivity,
  type CustomerActivityType,
  type CustomerMembership,
  type CustomerOffer,
  membershipMonthIndex,
  type NextRenewalMembership,
  PAYMENT_TYPES,
  TRANSACTION_STATUSES,
  toDollars,
} from "@tessera/shared";
import type {
  CustomerMembershipRow,
  CustomerOfferRow,
  MembershipBenefit,
  MembershipTier,
  Offer,
} from "../../db/schema";

/**
 * The dashboard's membership and offer views. They are the shapes the payment calls answer with
 * (`customerMembershipSchema`, `customerOfferSchema`); a test compares the two.
 */

export function toCustomerMembershipDto(
  membership: CustomerMembershipRow,
  tier: MembershipTier,
  benefits: MembershipBenefit[],
  usage?: { now: Date; redeemedMonths: Map<number, number[]> },
): CustomerMembership {
  const month = usage ? membershipMonthIndex(membership.startDate, usage.now) : 0;
  return {
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
    nextRenewalAttemptAt:
      membership.status === "pending"
        ? (membership.nextRenewalAttemptAt?.toISOString() ?? null)
        : null,
    Benefits: benefits
      .filter((benefit) => benefit.tierId === tier.id)
      .map((benefit) => {
        const base = {
          id: benefit.id,
          name: benefit.name,
          worth: toDollars(benefit.worthCents),
          benefitType: benefit.benefitType,
        };
        if (!usage) return base;
        const used = (usage.redeemedMonths.get(benefit.id) ?? []).includes(month);
        return {
          ...base,
          usedThisMonth: used,
          availableOn: used
            ? addMonthsClamped(membership.startDate, month + 1).toISOString()
            : null,
        };
      }),
  };
}

export function toNextRenewalDto(
  membership: CustomerMembershipRow,
  nextTier: MembershipTier,
): NextRenewalMembership {
  return {
    membershipId: nextTier.id,
    name: nextTier.name,
    plan: membership.nextPlan ?? nextTier.renewal,
    price: toDollars(nextTier.priceCents),
  };
}

export function toCustomerOfferDto(
  purchase: CustomerOfferRow,
  offer: Offer,
  soldCount: number,
): CustomerOffer {
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

/** A row of the merged activity query; union columns arrive as the driver gives them. */
export type ActivityRow = {
  source: "transaction" | "redemption";
  id: number;
  at: Date | string;
  kind: string;
  item: string;
  valueCents: number | string;
  amountCents: number | string | null;
  cashbackCents: number | string;
  paymentType: string | null;
  status: string | null;
  performedBy: string;
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function toActivityDto(row: ActivityRow): CustomerActivity {
  const activityType = oneOf<CustomerActivityType>(CUSTOMER_ACTIVITY_TYPES, row.kind);
  if (!activityType) throw new Error(`unknown activity kind ${row.kind}`);
  return {
    id: `${row.source}-${row.id}`,
    activityType,
    date: new Date(row.at).toISOString(),
    item: row.item,
    value: toDollars(Number(row.valueCents)),
    amountPaid: row.amountCents === null ? null : toDollars(Number(row.amountCents)),
    cashbackUsed: toDollars(Number(row.cashbackCents)),
    paymentType: oneOf(PAYMENT_TYPES, row.paymentType),
    status: oneOf(TRANSACTION_STATUSES, row.status),
    performedBy: row.performedBy,
  };
}
