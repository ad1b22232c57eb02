// Sign-in and forgot-password messages: on their own, so the sign-in pages carry no other
// form's messages. The wording rules are in ../messages.ts.

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
