import { z } from "zod";
import { MAX_ID } from "../ids.ts";
import { twoFactorPendingSchema, userSchema } from "./access.ts";
import { TWO_FACTOR_MESSAGES } from "./two-factor-texts.ts";

/**
 * Two-factor sign-in (TOTP, owners and staff) and the account's sessions. A password (or Google)
 * sign-in of a user with 2FA answers a challenge instead of a session; the code step turns it
 * into one. A staff member whose shop requires 2FA and who has none gets an `enrol` challenge.
 */

/** POST /auth/sign-in: a session, or the second step. */
export const merchantSignInResponseSchema = z.union([
  z.object({ token: z.string(), user: userSchema }),
  twoFactorPendingSchema,
]);
export type MerchantSignInResponse = z.infer<typeof merchantSignInResponseSchema>;

/** A TOTP code (6 digits) or a recovery code; spaces and dashes are ignored. */
export const twoFactorCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(40, TWO_FACTOR_MESSAGES.wrongCode);

const challengeField = z
  .string({ error: TWO_FACTOR_MESSAGES.challengeExpired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.challengeExpired)
  .max(200, TWO_FACTOR_MESSAGES.challengeExpired);

export const twoFactorVerifyPayloadSchema = z.object({
  challenge: challengeField,
  code: twoFactorCodeField,
});
export type TwoFactorVerifyPayload = z.infer<typeof twoFactorVerifyPayloadSchema>;

export const twoFactorChallengePayloadSchema = z.object({ challenge: challengeField });

export const twoFactorConfirmPayloadSchema = z.object({ code: twoFactorCodeField });
export type TwoFactorConfirmPayload = z.infer<typeof twoFactorConfirmPayloadSchema>;

/** Turning 2FA off: the password, or a current code (accounts without a password). */
export const twoFactorDisablePayloadSchema = z.object({
  password: z.string().max(200).optional(),
  code: z.string().trim().max(40).optional(),
});
export type TwoFactorDisablePayload = z.infer<typeof twoFactorDisablePayloadSchema>;

/** Enrolment's first step: what the authenticator app needs. Shown once. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnabledResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnabledResponse = z.infer<typeof twoFactorEnabledResponseSchema>;

/** The enrolment a staff member finishes at sign-in: codes shown once, then the session. */
export const twoFactorEnrolSignInResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  recoveryCodes: z.array(z.string()),
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The user's shop requires 2FA of its staff (a staff member cannot turn it off). */
  requiredByShop: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The owner's security settings. */
export const staffSecurityPolicySchema = z.object({
  requireStaffTwoFactor: z.boolean({ error: "Choose whether staff must use two-factor sign-in" }),
});
export type StaffSecurityPolicy = z.infer<typeof staffSecurityPolicySchema>;

/** One signed-in device of the account. */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on macOS", from the browser's user agent. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

export const signOutOthersResponseSchema = z.object({
  message: z.string(),
  signedOut: z.number().int(),
});
