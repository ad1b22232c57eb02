import { index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { at, createdAt, identityId, startsAtZero } from "./columns";
import { userKey, userRef } from "./owner-columns";

/**
 * A merchant user's TOTP second factor. The secret is AES-256-GCM encrypted (never stored or
 * returned in the clear after enrolment). `enabledAt` is null while enrolment waits for its first
 * code. `lastUsedStep` is the 30-second step of the last accepted code: a code works once.
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: userKey(),
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: at("enabled_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per enrolment, only their SHA-256 kept; `usedAt` spends one. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: identityId(),
    userId: userRef(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The step between a correct password (or Google) and a session: `verify` waits for a code,
 * `enrol` for a staff member whose shop requires 2FA to set it up. Stored hashed, short-lived;
 * `attempts` counts wrong codes, and too many end the challenge.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: identityId(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    userId: userRef(),
    purpose: varchar("purpose", { length: 8, enum: ["verify", "enrol"] }).notNull(),
    attempts: startsAtZero("attempts"),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_challenges_user_idx").on(t.userId)],
);

export type UserTwoFactor = typeof userTwoFactor.$inferSelect;
export type TwoFactorChallenge = typeof twoFactorChallenges.$inferSelect;
