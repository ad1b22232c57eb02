// Zod-free, so the sign-in pages can show these without loading the schemas.

/** Two-factor sign-in (TOTP) for owners and staff, and session control. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  wrongCode:
    "That code is not right. Enter the current code from your authenticator app, or a recovery code.",
  wrongEnrolCode:
    "That code is not right. Check the time on your phone and enter the current code.",
  challengeExpired: "This sign-in step has expired. Please sign in again.",
  tooManyTries: "Too many wrong codes. Please sign in again.",
  notStarted: "Start setting up two-factor sign-in first.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notEnabled: "Two-factor sign-in is not on.",
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-factor sign-in is off.",
  disableNeedsProof: "Enter your password or a current code to turn two-factor sign-in off.",
  requiredByShop: "Your shop requires two-factor sign-in. You cannot turn it off.",
  freshCodeRequired: "This needs a current code from your authenticator app. Enter it to confirm.",
  freshCodeWrong: "That code is not right. Enter the current code from your authenticator app.",
  staffPolicySaved: "Security settings saved",
  sessionNotFound: "That session has already ended.",
  sessionRevoked: "Session signed out",
  otherSessionsRevoked: "Signed out everywhere else",
  recoveryCodesRenewed: "New recovery codes created. The old ones no longer work.",
} as const;

/** The header a refund or a payment-settings change carries its fresh code in. */
export const FRESH_CODE_HEADER = "x-2fa-code";
/** Recovery codes handed out at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
