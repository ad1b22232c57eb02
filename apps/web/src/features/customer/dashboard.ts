import {
  type CustomerMembership,
  checkOfferCashback,
  type NextRenewalMembership,
  toCents,
  toDollars,
} from "@tessera/shared";

export const dashboardPath = (shopId: number) => `/${shopId}/customer/dashboard`;
export const offerPurchasePath = (shopId: number) => `/${shopId}/customer/offer-purchase`;

/** The dashboard tabs (Redemptions and Billing come with their own issue). */
export const DASHBOARD_TABS = ["memberships", "offers"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Spec §2: "Tabs offers and memberships can be chosen through navigation state." */
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
