import { and, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import {
  sessions,
  shops,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userTwoFactor,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findFields } from "../../infra/db/rows";
import type { AccountRef } from "./repo";

/** The tables of two-factor sign-in and the sessions list; the flows are two-factor.ts. */

export async function findTwoFactor(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .limit(1);
  return row;
}

/** A new secret waiting for its first code; replaces an unfinished one, never an enabled one. */
export async function savePendingSecret(db: Executor, userId: number, secretEncrypted: string) {
  const [row] = await db
    .insert(userTwoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning();
  return row;
}

/**
 * Records the accepted code's step, only if it is later than the last one: of two uses of the
 * same code, exactly one gets the row back.
 */
export async function claimStep(db: Executor, userId: number, step: number) {
  const [row] = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning();
  return row;
}

export async function markEnabled(db: Executor, userId: number, now: Date) {
  const [row] = await db
    .update(userTwoFactor)
    .set({ enabledAt: now })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning();
  return row;
}

export async function deleteTwoFactor(db: Executor, userId: number) {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code atomically: a second use (or a concurrent one) gets nothing. */
export async function spendRecoveryCode(db: Executor, userId: number, codeHash: string, now: Date) {
  const [row] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning();
  return row;
}

export async function countRecoveryCodesLeft(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// Challenges ---------------------------------------------------------------------------------

export async function insertChallenge(
  db: Executor,
  values: { tokenHash: string; userId: number; purpose: "verify" | "enrol"; expiresAt: Date },
) {
  // One pending step per user: an older challenge ends when a new sign-in starts.
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, values.userId));
  await db.insert(twoFactorChallenges).values(values);
}

export async function findLiveChallenge(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, now)),
    )
    .limit(1);
  return row;
}

/** One more wrong code; returns the new count (null: the challenge is gone). */
export async function countWrongCode(db: Executor, id: number) {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.id, id))
    .returning({ attempts: twoFactorChallenges.attempts });
  return row?.attempts ?? null;
}

/** Ends a challenge; true only for the caller that actually removed it (single use). */
export async function deleteChallenge(db: Executor, id: number) {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}

// The shop's policy ----------------------------------------------------------------------------

export async function findStaffPolicy(db: Executor, shopId: number) {
  const policy = { requireStaffTwoFactor: shops.requireStaffTwoFactor };
  const row = await findFields(db, shops, shopId, policy);
  return row?.requireStaffTwoFactor ?? false;
}

export async function setStaffPolicy(db: Executor, shopId: number, value: boolean) {
  await db
    .update(shops)
    .set({ requireStaffTwoFactor: value, updatedAt: new Date() })
    .where(eq(shops.id, shopId));
}

// Sessions list ----------------------------------------------------------------------------------

function ownerOf(account: AccountRef) {
  return "userId" in account
    ? eq(sessions.userId, account.userId)
    : eq(sessions.customerId, account.customerId);
}

export async function listLiveSessions(db: Executor, account: AccountRef, now: Date) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(ownerOf(account), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/** Ends one session of the account's own; null when it is not theirs or already gone. */
export async function deleteOwnSession(db: Executor, account: AccountRef, id: number) {
  const [row] = await db
    .delete(sessions)
    .where(and(ownerOf(account), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return row ?? null;
}

/** Ends every other session of the account; returns how many ended. */
export async function deleteOtherSessions(db: Executor, account: AccountRef, keepId: number) {
  const rows = await db
    .delete(sessions)
    .where(and(ownerOf(account), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}
