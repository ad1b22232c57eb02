import { PROFILE_MESSAGES } from "./access.ts";

// Member, staff and cashback messages. The wording rules are in ../messages.ts.

export const MEMBER_MESSAGES = {
  nameInvalid: "Invalid Name (Alphabets only)",
  firstNameRequired: "First Name is required",
  lastNameRequired: "Last Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid Email format",
  emailDomainInvalid: "Please enter a valid email domain",
  phoneRequired: "Phone Number is required",
  phoneInvalid: "Invalid Phone Number",
  membershipRequired: "Membership is required",
  paymentTypeRequired: "Please select a payment type.",
  discountInvalid: "Please enter a valid discount percentage (0-100).",
  discountMembershipRequired: "Please select a membership.",
  /** Chosen. */
  planInvalid: "Select a monthly or yearly plan",
} as const;

export const STAFF_MESSAGES = {
  firstNameShort: PROFILE_MESSAGES.firstNameShort,
  lastNameShort: PROFILE_MESSAGES.lastNameShort,
  nameInvalid: PROFILE_MESSAGES.nameInvalid,
  emailInvalid: "Enter a valid email address",
  /** Chosen. */
  roleRequired: "Role is required",
  /** Chosen. */
  roleTooLong: "Role must be at most 50 characters",
  /** Chosen. */
  statusInvalid: "Select a valid status",
} as const;

export const CASHBACK_MESSAGES = {
  amountRequired: "Please enter an amount to redeem.",
  amountInvalid: "Please enter a valid amount to redeem.",
  wholeNumbersOnly: "Only whole numbers are allowed.",
  aboveBalance: "You cannot redeem more than your available cashback.",
  aboveOfferPrice: "Cashback amount cannot exceed the offer price.",
  redeemed: "Cashback redeemed successfully",
  redeemFailed: "Failed to redeem cashback. Please try again.",
} as const;
