/**
 * Every validation message in one place.
 *
 * Texts quoted by the spec (and listed in spec/texts.json) are copied character for character;
 * where a message has two wordings, the first is used on merchant screens and the second on
 * customer screens (DOMAIN.md). Messages marked "chosen" are ours: the spec states the rule but
 * gives no wording.
 */

export const SIGN_UP_MESSAGES = {
  /** Merchant sign-up (first wordings). */
  merchant: {
    firstNameRequired: "Enter first name",
    lastNameRequired: "Enter last name",
    nameInvalid: "Use letters only",
    emailRequired: "Enter email",
    emailInvalid: "Enter a valid email",
    passwordRequired: "Enter password",
    passwordInvalid:
      "Password must be 8+ characters, include uppercase, lowercase, number, and symbol",
    reTypeRequired: "Re-type password",
    mismatch: "Passwords do not match",
  },
  /** Customer sign-up (second wordings). */
  customer: {
    firstNameRequired: "First Name is required.",
    lastNameRequired: "Last Name is required.",
    nameInvalid: "Only letters, spaces, apostrophes (') and hyphens (-) allowed.",
    emailRequired: "Email is required.",
    emailInvalid: "Please enter a valid email address.",
    passwordRequired: "Password is required.",
    passwordInvalid:
      "Password must include at least one uppercase letter, one lower letter, one number, and one special character.",
    reTypeRequired: "Please re-enter your password.",
    mismatch: "Passwords do not match",
  },
} as const;

export const LOGIN_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Please enter a valid password",
  passwordInvalid: "Invalid Password",
  /** Shown on the password field when the server's error carries no message. */
  serverFallback: "Invalid password",
} as const;

export const FORGOT_PASSWORD_MESSAGES = {
  /** Chosen: the forgot-password page is reached from login, so it keeps login's wording. */
  emailInvalid: LOGIN_MESSAGES.emailInvalid,
  /** Server response that switches the screen to its confirmation text. */
  sent: "Reset Password link has been sent to your email",
} as const;

export const RESET_PASSWORD_MESSAGES = {
  /** Chosen: sign-up's required wordings. */
  passwordRequired: "Password is required.",
  passwordInvalid:
    "Password must be at least 8 characters long, and include at least one uppercase letter, one lowercase letter, one number, and one special character.",
  confirmRequired: "Please re-enter your password.",
  mismatch: "Passwords do not match",
  invalidToken: "Invalid or expired token.",
} as const;

export const SET_PASSWORD_MESSAGES = {
  /** Employee set-password (merchant side, first wording). */
  merchant: {
    passwordRequired: "Enter password",
    passwordInvalid: "Use 8+ chars, upper & lower case, number, symbol",
    confirmRequired: "Re-type password",
    mismatch: "Passwords do not match.",
  },
  /** Customer added by a merchant, setting a first password (second wording). */
  customer: {
    passwordRequired: "Password is required.",
    passwordInvalid:
      "Password must be at least 8 characters, with uppercase, lowercase, number, and special character.",
    confirmRequired: "Please re-enter your password.",
    mismatch: "Passwords do not match.",
  },
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: "Current password is required.",
  newRequired: "New password is required.",
  newInvalid:
    "Password must contain: 8+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special character.",
  sameAsCurrent: "New Password cannot be the same as current password.",
  mismatch: "Passwords do not match.",
  /** Server answer when the current password is wrong. */
  currentWrong: "Invalid current password.",
} as const;

export const PROFILE_MESSAGES = {
  firstNameShort: "First name should have at least 3 letters",
  lastNameShort: "Last name should have at least 3 letters",
  nameInvalid: "Invalid name (alphabets only)",
  phoneInvalid: "Invalid phone number for selected region",
  /** Chosen. */
  countryInvalid: "Select a valid country",
  uploadFailed: "Failed to upload. Please try again.",
} as const;

export const FILE_MESSAGES = {
  tooLarge: "File size must be less than 5MB",
  profileType: "Only JPG, JPEG, and PNG files are allowed",
  corrupt: "Invalid image file or corrupted image",
  /** Chosen: the create-shop uploader allows 6MB. */
  tooLarge6: "File size must be less than 6MB",
  /** Chosen. */
  shopImageType: "Only PNG, JPEG, HEIC and HEIF files are allowed",
  /** Chosen. */
  storeImageType: "Only PNG, JPEG and JPG files are allowed",
  /** Chosen. */
  offerImageType: "Only PNG, JPEG, JPG, HEIC and HEIF files are allowed",
  /** Chosen. */
  logoSize: "Logo must be exactly 200 x 200 pixels",
  /** Chosen. */
  bannerSize: "Cover photo must be 480-520 pixels wide and 250-290 pixels high",
  /** Chosen. */
  offerImageSize: "Image must be 330-350 pixels wide and 210-230 pixels high",
} as const;

export const SHOP_MESSAGES = {
  nameRequired: "Shop name is required",
  nameInvalid: "Invalid characters in shop name",
  logoRequired: "Shop Logo is required",
  bannerRequired: "Shop Banner is required",
  /** Chosen. */
  nameTooLong: "Shop name must be at most 100 characters",
  /** Chosen. */
  industryInvalid: "Select an industry",
} as const;

export const STORE_MESSAGES = {
  /** The customer side's language: one of the catalogue's. */
  localeInvalid: "Choose one of the listed languages",
  nameInvalid: "Enter a valid company name",
  taglineShort: "Tag line must contains at least 5 letters.",
  taglineLong: "Tag line should not exceed 200 characters.",
  /** Chosen. */
  industryRequired: "Select an industry",
  /** Chosen. */
  fontStyleRequired: "Select a font style",
  /** Chosen. */
  primaryColorInvalid: "Enter a primary color as # followed by 6 hex digits",
  /** Chosen. */
  secondaryColorInvalid: "Enter a secondary color as # followed by 6 hex digits",
  /** Chosen. */
  timeZoneInvalid: "Select a valid time zone",
} as const;

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

/** Chosen: generic wordings for shared field types (ids, dates, limits). */
export const COMMON_MESSAGES = {
  idInvalid: "Invalid id",
  dateInvalid: "Enter a valid date (YYYY-MM-DD)",
  nameTooLong: "Name must be at most 50 characters",
  emailTooLong: "Email must be at most 254 characters",
  passwordTooLong: "Password must be at most 128 characters",
  tokenRequired: "Token is required",
  controlCharacters: "Remove the line breaks and special characters from this field.",
} as const;
