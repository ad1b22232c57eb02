import {
  addMonthsClamped,
  type CustomerMembership,
  type CustomerOffer,
  checkOfferCashback,
  membershipMonthIndex,
  type NextRenewalMembership,
  type Redemption,
  toCents,
  toDollars,
} from "@tessera/shared";

export const customerAreaPath = (shopId: number) => `/${shopId}/customer`;
export const dashboardPath = (shopId: number) => `/${shopId}/customer/dashboard`;
export const offerPurchasePath = (shopId: number) => `/${shopId}/customer/offer-purchase`;
export const redeemBenefitPath = (shopId: number) => `/${shopId}/customer/redeem-benefit`;
export const redeemCashbackPath = (shopId: number) => `/${shopId}/customer/redeem-cashback`;
export const profileOverviewPath = (shopId: number) => `/${shopId}/customer/profile-overview`;
export const editProfilePath = (shopId: number) => `${profileOverviewPath(shopId)}/edit-profile`;
export const updatePasswordPath = (shopId: number) =>
  `${profileOverviewPath(shopId)}/update-password`;

/** The dashboard tabs, in their order on screen. */
export const DASHBOARD_TABS = ["memberships", "offers", "redemptions", "billing"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/**
 * Spec §2: "Tabs offers and memberships can be chosen through navigation state." Redemptions
 * and Billing can be named the same way.
 */
export type DashboardState = { tab?: DashboardTab };

/** The tab asked for in navigation state (`{ tab }`), or null. */
export function tabFromState(state: unknown): DashboardTab | null {
  if (typeof state !== "object" || state === null) return null;
  const { tab } = state as { tab?: unknown };
  return DASHBOARD_TABS.find((value) => value === tab) ?? null;
}

type MembershipStatusOnly = Pick<CustomerMembership, "status" | "membershipId">;

/**
 * Spec §4: a tier shows as Subscribed when it is the current membership (still running: active,
 * cancelled until it ends, or pending payment) or the one the membership renews on next.
 */
export function subscribedTierIds(
  membership: MembershipStatusOnly | null,
  nextRenewal: Pick<NextRenewalMembership, "membershipId"> | null,
): Set<number> {
  const ids = new Set<number>();
  if (membership && membership.status !== "expired") ids.add(membership.membershipId);
  if (nextRenewal) ids.add(nextRenewal.membershipId);
  return ids;
}

/**
 * How another tier is bought (spec §4 "Payment"): a running membership (active, or cancelled
 * and still paid up) takes it as its next renewal, with no payment now; otherwise it is paid
 * by card at once.
 */
export function tierPurchaseMode(
  membership: Pick<CustomerMembership, "status"> | null,
): "schedule" | "checkout" {
  return membership?.status === "active" || membership?.status === "cancelled"
    ? "schedule"
    : "checkout";
}

/** Cancel Membership is enabled only for an active membership (spec §4). */
export function canCancelMembership(membership: Pick<CustomerMembership, "status"> | null) {
  return membership?.status === "active";
}

export interface OfferPayment {
  /** Cashback applied, in dollars (0 while the typed amount is not valid). */
  cashbackUsed: number;
  /** What the card pays. */
  payable: number;
  /** Cashback covers the whole price: the purchase completes without a card. */
  isFree: boolean;
}

/**
 * The offer purchase's split (spec §4): the typed cashback when it is valid (not above the
 * balance nor the price), the rest by card. Exact to the cent.
 */
export function offerPayment(input: {
  offerPrice: number;
  balance: number;
  cashback: string | number | null | undefined;
}): OfferPayment {
  const check = checkOfferCashback(input.cashback, {
    balance: input.balance,
    offerPrice: input.offerPrice,
  });
  const usedCents = check.ok ? toCents(check.value) : 0;
  const payableCents = Math.max(0, toCents(input.offerPrice) - usedCents);
  return {
    cashbackUsed: toDollars(usedCents),
    payable: toDollars(payableCents),
    isFree: payableCents === 0,
  };
}

/** Cashback one may put towards an offer: the lesser of the balance and the price. */
export function maxOfferCashback(balance: number, offerPrice: number): number {
  return toDollars(Math.max(0, Math.min(toCents(balance), toCents(offerPrice))));
}

/** How many benefits and bought offers the dashboard panels show before "See All" (spec §2). */
export const PANEL_PREVIEW_COUNT = 2;

type RedeemableMembership = Pick<
  CustomerMembership,
  "status" | "startDate" | "expireDate" | "Benefits"
>;

/**
 * The benefits the customer can redeem now: those of a membership that is still running (active,
 * or cancelled until it ends). A membership awaiting payment or expired has none.
 */
export function redeemableBenefits(
  membership: RedeemableMembership | null,
  now: Date = new Date(),
): CustomerMembership["Benefits"] {
  if (!membership) return [];
  if (membership.status !== "active" && membership.status !== "cancelled") return [];
  if (new Date(membership.expireDate).getTime() <= now.getTime()) return [];
  return membership.Benefits;
}

/** The membership month `now` falls in: it starts and ends on the membership's start day. */
export function currentMembershipMonth(startDate: string, now: Date = new Date()) {
  const start = new Date(startDate);
  const index = membershipMonthIndex(start, now);
  return { start: addMonthsClamped(start, index), end: addMonthsClamped(start, index + 1) };
}

/** A used benefit: when it can be redeemed again (null when the payload does not say). */
export type UsedBenefit = { availableOn: Date | null };

/**
 * Whether the payload says which benefits are used: the dashboard's membership marks each
 * benefit `usedThisMonth` (with `availableOn`); other views of a membership leave them out.
 */
export function hasBenefitUsage(benefits: CustomerMembership["Benefits"]): boolean {
  return benefits.length > 0 && benefits.every((benefit) => benefit.usedThisMonth !== undefined);
}

/** Used benefits as the server marks them (`usedThisMonth`, `availableOn`), by benefit id. */
export function usedBenefitsFromPayload(
  benefits: CustomerMembership["Benefits"],
): Map<number, UsedBenefit> {
  const used = new Map<number, UsedBenefit>();
  for (const benefit of benefits) {
    if (!benefit.usedThisMonth) continue;
    used.set(benefit.id, {
      availableOn: benefit.availableOn ? new Date(benefit.availableOn) : null,
    });
  }
  return used;
}

/**
 * Benefits already redeemed this membership month, by benefit id, with the day each is
 * available again (DOMAIN "Benefits": once per membership month), read from the customer's
 * redemptions: a benefit redemption of the same name inside the current membership month. The
 * fallback for a payload without `usedThisMonth`; the server stays the judge (a 409 names the
 * date).
 */
export function usedBenefits(
  membership: Pick<CustomerMembership, "startDate" | "Benefits"> | null,
  redemptions: readonly Pick<Redemption, "redemptionType" | "item" | "redemptionDate">[],
  now: Date = new Date(),
): Map<number, UsedBenefit> {
  const used = new Map<number, UsedBenefit>();
  if (!membership) return used;
  const month = currentMembershipMonth(membership.startDate, now);
  const redeemedNames = new Set(
    redemptions
      .filter((redemption) => {
        if (redemption.redemptionType !== "benefit") return false;
        const at = new Date(redemption.redemptionDate).getTime();
        return at >= month.start.getTime() && at < month.end.getTime();
      })
      .map((redemption) => redemption.item),
  );
  for (const benefit of membership.Benefits) {
    if (redeemedNames.has(benefit.name)) used.set(benefit.id, { availableOn: month.end });
  }
  return used;
}

/** A bought offer can be redeemed once, until it expires (DOMAIN "Offers"). */
export function canRedeemOffer(
  offer: Pick<CustomerOffer, "redeemedAt" | "expiresAt">,
  now: Date = new Date(),
): boolean {
  if (offer.redeemedAt) return false;
  return offer.expiresAt === null || new Date(offer.expiresAt).getTime() > now.getTime();
}
