// Zod-free, so the sign-in pages can show these without loading the schemas.

/** Passwordless sign-in for a shop's customers: a 6-digit code or a link, e-mailed. */
export const SIGN_IN_CODE_MESSAGES = {
  sent: "If this address can sign in here, we've sent it a 6-digit code and a sign-in link. Both work once, for 10 minutes.",
  codeFormat: "Enter the 6-digit code from the email",
  wrongCode: "That code is not right. Check the email and try again.",
  expired: "This code has expired or was already used. Ask for a new one.",
  tooManyTries: "Too many wrong codes. Ask for a new one.",
  nameNeeded: "Tell us your name to create your account.",
  passwordSet: "Your password is set. You can now sign in with it too.",
  hasPassword: "Your account already has a password. Change it with your current one.",
} as const;

/** Minutes a code and its link stay good. */
export const SIGN_IN_CODE_MINUTES = 10;
/** Wrong codes allowed before the code dies. */
export const SIGN_IN_CODE_MAX_TRIES = 5;
