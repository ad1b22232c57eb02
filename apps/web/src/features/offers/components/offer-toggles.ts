/** Each offer toggle and the number it governs (spec §2 "Create/Update Offer"). */
export const OFFER_TOGGLES = {
  isLimited: "quantity",
  isLimitedPerUser: "limitPerUser",
  hasValidity: "validityDays",
} as const;

export type OfferToggle = keyof typeof OFFER_TOGGLES;
export type OfferToggleField = (typeof OFFER_TOGGLES)[OfferToggle];

/**
 * Spec §4: toggling limit quantity, limit per user or validity resets its value to 0, both ways;
 * while off the field is disabled (and sent as 0).
 */
export function toggleOfferLimit<T extends OfferToggle>(
  toggle: T,
  on: boolean,
): { toggle: T; on: boolean; field: (typeof OFFER_TOGGLES)[T]; value: "0" } {
  return { toggle, on, field: OFFER_TOGGLES[toggle], value: "0" };
}
