// Sign-up, password and profile messages. The wording rules are in ../messages.ts.

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
