// Toast texts of the access and catalogue calls, apart from their schemas so the screens that
// show them do not load zod. access.ts and catalogue.ts re-export them.

/** Success texts of the access calls, shown as toasts. */
export const ACCESS_MESSAGES = {
  signUp: "Account created successfully!",
  forgotPassword: "Reset Password link has been sent to your email",
  resetPassword: "Your password has been reset. You can log in now.",
  verificationSent: "Verification email sent. Please check your inbox.",
  passwordUpdated: "Password updated successfully",
  loggedOut: "Logged out successfully",
  shopCreated: "Shop created successfully",
  passwordSet: "Your password has been set. You can log in now.",
  tokenValid: "Token is valid",
  invalidToken: "Invalid or expired token.",
  invalidCredentials: "Invalid email or password",
  invalidCurrentPassword: "Invalid current password.",
  emailTaken: "An account with this email already exists.",
  emailNotVerified: "Please verify your email address first. Check your inbox or resend the link.",
  accountDisabled: "Your account has been disabled. Please contact the shop.",
  sessionExpired: "Invalid or expired token. Please login again.",
  storeNotFound: "Store Not Found",
  shopExists: "You already have a shop.",
  tooManyRequests: "Too many attempts. Please wait a minute and try again.",
  notSignedIn: "Please log in to continue.",
  ownerOnly: "Only the shop owner can do this.",
} as const;

/** Success and not-found texts of the catalogue calls, shown as toasts. Chosen wordings. */
export const CATALOGUE_MESSAGES = {
  membershipCreated: "Membership created successfully",
  membershipUpdated: "Membership updated successfully",
  membershipDeleted: "Membership deleted successfully",
  membershipArchived: "Membership deleted. It had members, so it is kept for their history.",
  membershipNotFound: "Membership not found",
  membershipReadOnly: "This membership was deleted and can no longer be changed.",
  offerCreated: "Offer created successfully",
  offerUpdated: "Offer updated successfully",
  offerDeleted: "Offer deleted successfully",
  offerCancelled: "Offer deleted. It had sales, so purchased offers stay redeemable.",
  offerNotFound: "Offer not found",
  offerReadOnly: "This offer was deleted and can no longer be changed.",
  storeUpdated: "Store updated successfully",
  profileUpdated: "Profile updated successfully",
} as const;
