import { createHash, randomBytes } from "node:crypto";

/** A 256-bit random token, URL-safe. Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry and "last seen" are written at most this often, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
export const STAFF_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A member added by the merchant sets a first password through a reset link: a week to act. */
export const MEMBER_WELCOME_TTL_MS = 7 * 24 * 60 * 60 * 1000;
