import {
  RECOVERY_CODE_COUNT,
  type StaffSecurityPolicy,
  TWO_FACTOR_MESSAGES,
  type TwoFactorConfirmPayload,
  type TwoFactorDisablePayload,
} from "@tessera/shared";
import type { User } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAccountSecurity } from "../audit/security";
import { type AuthDeps, checkPassword } from "./context";
import type { MerchantSession } from "./session";
import {
  checkTotp,
  hashRecoveryCode,
  looksLikeTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeCode,
  otpauthUri,
  secretBox,
} from "./totp";
import * as repo from "./two-factor-repo";

/**
 * Two-factor sign-in for owners and staff (TOTP): enrolment, turning it off, the recovery codes,
 * the fresh code that refunds and payment settings ask for, and the owner's staff requirement.
 * The sign-in step itself is two-factor-sign-in.ts.
 */

/** The time codes are checked against (tests move it with fake timers). */
export function clock(): Date {
  return new Date();
}

function codeError(message: string) {
  return new AppError("BAD_REQUEST", message, { errors: { code: message } });
}

export async function twoFactorStatus(ctx: AuthDeps, session: MerchantSession) {
  const row = await repo.findTwoFactor(ctx.db, session.user.id);
  const enabled = Boolean(row?.enabledAt);
  return {
    enabled,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await repo.countRecoveryCodesLeft(ctx.db, session.user.id) : 0,
    requiredByShop: await requiredOf(ctx, session.user),
  };
}

/** Whether the user's shop requires 2FA of them (staff only: the owner sets the rule). */
export async function requiredOf(ctx: AuthDeps, user: User) {
  return user.shopId !== null && (await repo.findStaffPolicy(ctx.db, user.shopId));
}

/** Enrolment's first step: a new secret, shown once; it counts only after a first code. */
export async function enrolmentSetup(ctx: AuthDeps, user: User) {
  const existing = await repo.findTwoFactor(ctx.db, user.id);
  if (existing?.enabledAt) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  const saved = await repo.savePendingSecret(ctx.db, user.id, secretBox(ctx.config).seal(secret));
  if (!saved) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyEnabled);
  return { secret, otpauthUri: otpauthUri(secret, user.email) };
}

/**
 * Enrolment's second step: a first code proves the app holds the secret. 2FA is on from here,
 * with ten fresh recovery codes returned this once (only their hashes are kept).
 * `asActor` names the user in the audit log when no session does yet (enrolment at sign-in).
 */
export async function finishEnrolment(ctx: AuthDeps, user: User, code: string, asActor = false) {
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (!row) throw new AppError("BAD_REQUEST", TWO_FACTOR_MESSAGES.notStarted);
  if (row.enabledAt) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = secretBox(ctx.config).open(row.secretEncrypted);
  const now = clock();
  const step = await checkTotp(secret, normalizeCode(code), now, null);
  if (step === null) throw codeError(TWO_FACTOR_MESSAGES.wrongEnrolCode);
  const recoveryCodes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await ctx.db.transaction(async (tx) => {
    // The enrolment code is spent too: it cannot sign in a second time.
    await repo.claimStep(tx, user.id, step);
    if (!(await repo.markEnabled(tx, user.id, now))) {
      throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyEnabled);
    }
    await repo.replaceRecoveryCodes(tx, user.id, recoveryCodes.map(hashRecoveryCode));
    await recordAccountSecurity(tx, user, "auth.two_factor_enabled", {}, asActor);
  });
  return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes };
}

export async function startEnrolment(ctx: AuthDeps, session: MerchantSession) {
  return enrolmentSetup(ctx, session.user);
}

export async function confirmEnrolment(
  ctx: AuthDeps,
  session: MerchantSession,
  input: TwoFactorConfirmPayload,
) {
  return finishEnrolment(ctx, session.user, input.code);
}

/**
 * Checks a second factor of a user with 2FA on: a current TOTP code (each works once), or,
 * when allowed, an unused recovery code (spent here). Null when it is neither.
 */
export async function spendSecondFactor(
  ctx: AuthDeps,
  user: User,
  code: string,
  allowRecovery: boolean,
): Promise<"totp" | "recovery" | null> {
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (!row?.enabledAt) return null;
  const normalized = normalizeCode(code);
  const now = clock();
  if (looksLikeTotp(normalized)) {
    const secret = secretBox(ctx.config).open(row.secretEncrypted);
    const step = await checkTotp(secret, normalized, now, row.lastUsedStep);
    if (step !== null && (await repo.claimStep(ctx.db, user.id, step))) return "totp";
    return null;
  }
  if (!allowRecovery) return null;
  const spent = await repo.spendRecoveryCode(ctx.db, user.id, hashRecoveryCode(normalized), now);
  return spent ? "recovery" : null;
}

/** Turning 2FA off, with the password or a current code; not for staff whose shop requires it. */
export async function disableTwoFactor(
  ctx: AuthDeps,
  session: MerchantSession,
  input: TwoFactorDisablePayload,
) {
  const { user } = session;
  const row = await repo.findTwoFactor(ctx.db, user.id);
  if (!row?.enabledAt) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.notEnabled);
  if (await requiredOf(ctx, user)) {
    throw new AppError("FORBIDDEN", TWO_FACTOR_MESSAGES.requiredByShop);
  }
  const proven = input.password
    ? await checkPassword(user.passwordHash, input.password)
    : input.code
      ? (await spendSecondFactor(ctx, user, input.code, true)) !== null
      : false;
  if (!proven) {
    throw new AppError("BAD_REQUEST", TWO_FACTOR_MESSAGES.disableNeedsProof, {
      errors: input.password
        ? { password: TWO_FACTOR_MESSAGES.disableNeedsProof }
        : { code: TWO_FACTOR_MESSAGES.disableNeedsProof },
    });
  }
  await ctx.db.transaction(async (tx) => {
    await repo.deleteTwoFactor(tx, user.id);
    await recordAccountSecurity(tx, user, "auth.two_factor_disabled");
  });
  return { message: TWO_FACTOR_MESSAGES.disabled };
}

/** New recovery codes for the signed-in user, after a current code; the old ones stop working. */
export async function renewRecoveryCodes(
  ctx: AuthDeps,
  session: MerchantSession,
  input: TwoFactorConfirmPayload,
) {
  const { user } = session;
  if ((await spendSecondFactor(ctx, user, input.code, false)) === null) {
    throw codeError(TWO_FACTOR_MESSAGES.freshCodeWrong);
  }
  const recoveryCodes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await repo.replaceRecoveryCodes(ctx.db, user.id, recoveryCodes.map(hashRecoveryCode));
  return { message: TWO_FACTOR_MESSAGES.recoveryCodesRenewed, recoveryCodes };
}

/**
 * Money and payment settings: a person with 2FA on confirms with a current code (sent in the
 * `x-2fa-code` header). Missing or wrong: 403 before anything changes. An API key acts for
 * the owner without a person to ask, so its calls are not asked (see docs/security.md).
 */
export async function requireFreshCode(
  ctx: AuthDeps,
  session: MerchantSession,
  code: string | undefined,
) {
  if (session.apiKey) return;
  const row = await repo.findTwoFactor(ctx.db, session.user.id);
  if (!row?.enabledAt) return;
  if (!code?.trim()) throw new AppError("FORBIDDEN", TWO_FACTOR_MESSAGES.freshCodeRequired);
  if ((await spendSecondFactor(ctx, session.user, code, false)) === null) {
    throw new AppError("FORBIDDEN", TWO_FACTOR_MESSAGES.freshCodeWrong);
  }
}

export async function getStaffPolicy(ctx: AuthDeps, session: MerchantSession & { shopId: number }) {
  return { requireStaffTwoFactor: await repo.findStaffPolicy(ctx.db, session.shopId) };
}

export async function setStaffPolicy(
  ctx: AuthDeps,
  session: MerchantSession & { shopId: number },
  input: StaffSecurityPolicy,
) {
  const before = await repo.findStaffPolicy(ctx.db, session.shopId);
  await ctx.db.transaction(async (tx) => {
    await repo.setStaffPolicy(tx, session.shopId, input.requireStaffTwoFactor);
    if (before !== input.requireStaffTwoFactor) {
      await recordAccountSecurity(tx, session.user, "auth.staff_two_factor_policy", {
        before: { requireStaffTwoFactor: before },
        after: { requireStaffTwoFactor: input.requireStaffTwoFactor },
      });
    }
  });
  return { message: TWO_FACTOR_MESSAGES.staffPolicySaved, ...input };
}
