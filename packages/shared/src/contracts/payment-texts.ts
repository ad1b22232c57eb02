/**
 * The payment and redemption texts and names shared by the API and the screens, without zod:
 * the customer dashboard shows these messages and must not download the schemas with them.
 * `payments.ts` re-exports them beside the schemas.
 */

export const PAYMENT_MESSAGES = {
  loginToContinue: "Please login to continue.",
  paymentSuccessful: "Payment successful",
  paymentFailed: "Payment failed, Try again",
  renewalScheduled: "Membership renewal successfully",
  membershipCancelled: "Membership cancelled successfully",
  cancelFailed: "Failed to cancel membership. Please try again.",
  purchaseFailed: "Failed to process purchase. Please try again.",
  offerPurchased: "Offer purchased successfully",
  /** Chosen wordings (the spec names none). */
  notConnected: "This shop is not accepting card payments yet. Please ask the shop.",
  alreadyMember: "You already have this membership. Changes take effect at your next renewal.",
  hasMembership:
    "You already have a membership. Choose another plan to switch at your next renewal.",
  noActiveMembership: "You have no active membership to change.",
  noMembershipToCancel: "There is no active membership to cancel.",
  nothingOwed: "Nothing is owed on this membership.",
  renewalBeingCharged:
    "Your card is being charged for this renewal right now. Please check again in a minute.",
  tierUnavailable: "This membership is no longer available.",
  planMismatch: "This membership renews on another plan.",
  offerUnavailable: "This offer is not available right now.",
  soldOut: "Sorry, this offer is sold out.",
  limitReached: "You have reached the purchase limit for this offer.",
  checkoutNotFound: "This checkout was not found. Please start again.",
  checkoutExpired: "This checkout has expired. Please start again.",
  amountMismatch: "The payment did not match the amount due and has been refunded.",
  refunded: "Payment refunded",
  alreadyRefunded: "This payment has already been refunded.",
  cannotRefund: "This payment cannot be refunded.",
  offerAlreadyRedeemed: "This offer has already been redeemed and cannot be refunded.",
  onboardingStarted: "Continue on the payment provider's page to connect your shop.",
  alreadyConnected: "Your shop is already connected to card payments.",
  postbackUnauthorized: "Invalid postback credentials.",
} as const;

export const PAYMENT_PROVIDERS = ["sandbox", "fortis"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const CHECKOUT_TYPES = ["membership", "offer"] as const;
export type CheckoutType = (typeof CHECKOUT_TYPES)[number];

export const REDEMPTION_MESSAGES = {
  benefitRedeemed: "Benefit redeemed successfully",
  offerRedeemed: "Offer redeemed successfully",
  cashbackRedeemed: "Cashback redeemed successfully",
  noMembership: "There is no active membership to redeem benefits from.",
  benefitNotInMembership: "This benefit is not part of the current membership.",
  offerNotFound: "This offer purchase was not found.",
  offerAlreadyRedeemed: "This offer has already been redeemed.",
  offerExpired: "This offer has expired and can no longer be redeemed.",
} as const;

/** "You have already redeemed Free coffee this month. It is available again on 22 Dec, 2026." */
export function benefitAlreadyRedeemedMessage(benefit: string, availableOn: string): string {
  return `You have already redeemed ${benefit} this month. It is available again on ${availableOn}.`;
}
