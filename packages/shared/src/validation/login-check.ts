import { COMMON_MESSAGES, LOGIN_MESSAGES } from "./messages.ts";
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  hasControlCharacters,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
} from "./patterns.ts";

export type LoginCheck =
  | { ok: true; values: { email: string; password: string } }
  | { ok: false; errors: { email?: string; password?: string } };

/**
 * The login form's check without zod, so the sign-in pages (the first page of many visits) do
 * not download the validation library. Same rules, order and messages as `loginSchema`, which
 * stays the server's truth; login-check.test.ts holds the two to the same answers.
 */
export function checkLogin(input: { email: string; password: string }): LoginCheck {
  const email = normalizeEmail(input.email);
  const { password } = input;
  const errors: { email?: string; password?: string } = {};
  if (email === "") errors.email = LOGIN_MESSAGES.emailInvalid;
  else if (hasControlCharacters(email)) errors.email = COMMON_MESSAGES.controlCharacters;
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = COMMON_MESSAGES.emailTooLong;
  else if (!EMAIL_PATTERN.test(email)) errors.email = LOGIN_MESSAGES.emailInvalid;
  // Never trimmed, as in the schema: a space fails the rule anyway.
  if (password === "") errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (hasControlCharacters(password)) errors.password = COMMON_MESSAGES.controlCharacters;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = LOGIN_MESSAGES.passwordInvalid;
  else if (!PASSWORD_PATTERN.test(password)) errors.password = LOGIN_MESSAGES.passwordInvalid;
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, values: { email, password } };
}
