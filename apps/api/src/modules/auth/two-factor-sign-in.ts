import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorChallenge,
  type TwoFactorVerifyPayload,
} from "@tessera/shared";
import type { User } from "../../db/schema";
import { AppError } from "../../errors";
import { recordSignIn } from "../audit/record";
import { recordAccountSecurity } from "../audit/security";
import { type AuthDeps, accountDisabled, merchantView } from "./context";
import * as authRepo from "./repo";
import { createSession } from "./session";
import { hashToken, newToken } from "./tokens";
import {
  clock,
  enrolmentSetup,
  finishEnrolment,
  requiredOf,
  spendSecondFactor,
} from "./two-factor";
import * as repo from "./two-factor-repo";

/**
 * The sign-in step between a correct password (or Google) and a session, for merchant users:
 * a code when 2FA is on, or enrolment when the shop requires 2FA of a staff member who has none.
 * Users without either get their session at once, exactly as before.
 */

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before it ends (the user signs in again). */
const MAX_WRONG_CODES = 5;

export type MerchantOpening = { token: string } | { twoFactor: TwoFactorChallenge };

async function issueChallenge(ctx: AuthDeps, user: User, mode: "verify" | "enrol") {
  const challenge = newToken();
  const expiresAt = new Date(clock().getTime() + CHALLENGE_TTL_MS);
  await repo.insertChallenge(ctx.db, {
    tokenHash: hashToken(challenge),
    userId: user.id,
    purpose: mode,
    expiresAt,
  });
  return { twoFactor: { challenge, mode, expiresAt: expiresAt.toISOString() } };
}

/** A merchant whose first factor is proven: a session, or the second step they owe. */
export async function openMerchantSession(ctx: AuthDeps, user: User): Promise<MerchantOpening> {
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (row?.enabledAt) return issueChallenge(ctx, user, "verify");
  if (await requiredOf(ctx, user)) return issueChallenge(ctx, user, "enrol");
  return { token: await createSession(ctx.db, { userId: user.id }) };
}

/**
 * A merchant whose e-mail a provider vouched for (Google): verified, an invitation accepted,
 * then the same second step as after a password.
 */
export async function signInUserVerified(ctx: AuthDeps, user: User): Promise<MerchantOpening> {
  if (user.status === "disabled") throw accountDisabled();
  await authRepo.markEmailVerified(ctx.db, { userId: user.id });
  await authRepo.activateInvitedStaff(ctx.db, user.id);
  return openMerchantSession(ctx, user);
}

function expired() {
  return new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.challengeExpired);
}

/** The live challenge of this purpose and its user (still allowed to sign in). */
async function readChallenge(ctx: AuthDeps, challenge: string, purpose: "verify" | "enrol") {
  const row = await repo.findLiveChallenge(ctx.db, hashToken(challenge), clock());
  if (!row || row.purpose !== purpose) throw expired();
  const user = await authRepo.findUserById(ctx.db, row.userId);
  if (!user) throw expired();
  if (user.status === "disabled") throw accountDisabled();
  return { row, user };
}

/** A wrong code: counted on the challenge, which ends at the limit; the attempt is audited. */
async function wrongCode(ctx: AuthDeps, challengeId: number, user: User, message: string) {
  const attempts = await repo.countWrongCode(ctx.db, challengeId);
  await recordSignIn(ctx.db, user, "failed");
  if (attempts === null || attempts >= MAX_WRONG_CODES) {
    await repo.deleteChallenge(ctx.db, challengeId);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.tooManyTries);
  }
  return new AppError("BAD_REQUEST", message, { errors: { code: message } });
}

/** Spends the challenge (once: a concurrent second use gets "expired") and opens the session. */
async function completeSignIn(ctx: AuthDeps, challengeId: number, user: User) {
  if (!(await repo.deleteChallenge(ctx.db, challengeId))) throw expired();
  const token = await createSession(ctx.db, { userId: user.id });
  await recordSignIn(ctx.db, user, "ok");
  return { token, user: await merchantView(ctx, user) };
}

/** The code step: a current TOTP code or an unused recovery code. */
export async function verifyTwoFactor(ctx: AuthDeps, input: TwoFactorVerifyPayload) {
  const { row, user } = await readChallenge(ctx, input.challenge, "verify");
  const used = await spendSecondFactor(ctx, user, input.code, true);
  if (!used) throw await wrongCode(ctx, row.id, user, TWO_FACTOR_MESSAGES.wrongCode);
  const signedIn = await completeSignIn(ctx, row.id, user);
  if (used === "recovery") {
    const left = await repo.countRecoveryCodesLeft(ctx.db, user.id);
    await recordAccountSecurity(
      ctx.db,
      user,
      "auth.recovery_code_used",
      { after: { recoveryCodesLeft: left } },
      true,
    );
  }
  return signedIn;
}

/** Required enrolment at sign-in, step one: the secret for the app. */
export async function startSignInEnrolment(ctx: AuthDeps, input: { challenge: string }) {
  const { user } = await readChallenge(ctx, input.challenge, "enrol");
  return enrolmentSetup(ctx, user);
}

/** Required enrolment at sign-in, step two: the first code turns 2FA on and opens the session. */
export async function confirmSignInEnrolment(ctx: AuthDeps, input: TwoFactorVerifyPayload) {
  const { row, user } = await readChallenge(ctx, input.challenge, "enrol");
  let enabled: Awaited<ReturnType<typeof finishEnrolment>>;
  try {
    enabled = await finishEnrolment(ctx, user, input.code, true);
  } catch (error) {
    if (error instanceof AppError && error.details.errors?.code) {
      throw await wrongCode(ctx, row.id, user, error.message);
    }
    throw error;
  }
  const signedIn = await completeSignIn(ctx, row.id, user);
  return { ...signedIn, recoveryCodes: enabled.recoveryCodes };
}
