// Membership tier and offer messages. The wording rules are in ../messages.ts.

/** Chosen, except `benefitWorthInvalid` (spec). */
export const MEMBERSHIP_MESSAGES = {
  nameRequired: "Membership name is required",
  nameTooLong: "Membership name must be at most 100 characters",
  descriptionRequired: "Description is required",
  descriptionTooLong: "Description must be at most 1000 characters",
  priceRequired: "Price is required",
  priceInvalid: "Price must be greater than $0",
  cashbackRequired: "Cashback reward is required",
  cashbackInvalid: "Cashback reward must be greater than $0",
  amountDecimals: "Amount can have at most 2 decimal places",
  renewalRequired: "Select a renewal period",
  statusInvalid: "Select a status",
  benefitNameRequired: "Benefit name is required",
  benefitNameDigitsOnly: "Benefit name cannot be only numbers",
  benefitNameTooLong: "Benefit name must be at most 100 characters",
  benefitWorthInvalid: "Worth must be greater than $0 when adding a row",
  benefitsRequired: "Add at least one benefit",
  amountTooLarge: "Amount must be at most $1,000,000",
  rewardFrequencyInvalid: "Select how often cashback is credited",
  rewardFrequencyTooLong: "Cashback cannot be credited less often than the membership renews",
} as const;

export const OFFER_MESSAGES = {
  nameRequired: "Enter offer name",
  descriptionRequired: "Enter description",
  priceInvalid: "Enter valid price",
  originalPriceNotHigher: "Price must be higher than offer",
  endBeforeStart: "End date must be after start",
  /** Update form. */
  imageRequired: "Upload image",
  /** Create form. */
  imageRequiredCreate: "Please upload an image.",
  validityRequired: "Enter validity days",
  validityInvalid: "Enter valid days",
  quantityRequired: "Enter quantity",
  quantityInvalid: "Enter valid quantity",
  limitPerUserRequired: "Enter user limit",
  limitPerUserInvalid: "Enter valid user limit",
  limitPerUserAboveQuantity: "Limit per user must be less or equal to total quantity",
  /** Chosen. */
  nameLength: "Offer name must be 3-50 characters",
  /** Chosen. */
  descriptionShort: "Description must be at least 10 characters",
  /** Chosen. */
  descriptionTooLong: "Description must be at most 2000 characters",
  /** Chosen. */
  priceDecimals: "Price can have at most 2 decimal places",
  /** Chosen. */
  instructionsTooLong: "Redemption instructions must be at most 500 characters",
  /** Chosen. */
  startRequired: "Select a start date",
  /** Chosen. */
  startInPast: "Start date cannot be in the past",
  /** Chosen. */
  endRequired: "Select an end date",
  /** Chosen. */
  endInPast: "End date cannot be in the past",
  /** Chosen: prices are stored as integer cents, so they have a ceiling. */
  priceTooLarge: "Price must be at most $1,000,000",
  /** Chosen. */
  quantityTooLarge: "Quantity must be at most 1,000,000",
  /** Chosen. */
  limitPerUserTooLarge: "User limit must be at most 1,000,000",
  /** Chosen. */
  validityTooLarge: "Validity must be at most 3650 days",
} as const;
