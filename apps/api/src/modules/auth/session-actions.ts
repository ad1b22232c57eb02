import {
  ACCESS_MESSAGES,
  type ChangePasswordPayload,
  SIGN_IN_CODE_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from "@tessera/shared";
import { AppError } from "../../errors";
import { hashPassword } from "../../infra/passwords";
import { recordAccountSecurity } from "../audit/security";
import { type AuthDeps, checkPassword } from "./context";
import { describeDevice } from "./device";
import * as repo from "./repo";
import type { Session } from "./session";
import * as sessionsRepo from "./two-factor-repo";

/** What a signed-in account (merchant or customer) does with its own sign-in. */

/** Saves the account's new password and ends its other sessions, as every password change does. */
async function savePassword(ctx: AuthDeps, session: Session, password: string) {
  const ref: repo.AccountRef =
    session.kind === "merchant" ? { userId: session.user.id } : { customerId: session.customer.id };
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, ref, passwordHash);
    await repo.deleteSessionsOf(tx, ref, session.sessionId);
  });
}

/** A new password, after the current one; every other session of the account ends. */
export async function updatePassword(
  ctx: AuthDeps,
  session: Session,
  input: ChangePasswordPayload,
) {
  const account = session.kind === "merchant" ? session.user : session.customer;
  if (!(await checkPassword(account.passwordHash, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", ACCESS_MESSAGES.invalidCurrentPassword, {
      errors: { currentPassword: ACCESS_MESSAGES.invalidCurrentPassword },
    });
  }
  await savePassword(ctx, session, input.newPassword);
  return { message: ACCESS_MESSAGES.passwordUpdated };
}

/**
 * A first password for an account that signs in by code or with Google. One that has a
 * password changes it with the current one instead; every other session ends as on a change.
 */
export async function setFirstPassword(
  ctx: AuthDeps,
  session: Session,
  input: { password: string },
) {
  const account = session.kind === "merchant" ? session.user : session.customer;
  if (account.passwordHash !== null) {
    throw new AppError("CONFLICT", SIGN_IN_CODE_MESSAGES.hasPassword);
  }
  await savePassword(ctx, session, input.password);
  return { message: SIGN_IN_CODE_MESSAGES.passwordSet };
}

export async function logout(ctx: AuthDeps, session: Session) {
  await repo.deleteSession(ctx.db, session.sessionId);
  return { message: ACCESS_MESSAGES.loggedOut };
}

function accountOf(session: Session): repo.AccountRef {
  return session.kind === "merchant"
    ? { userId: session.user.id }
    : { customerId: session.customer.id };
}

/** The account's live sessions, most recently seen first, this one marked. */
export async function listSessions(ctx: AuthDeps, session: Session) {
  const rows = await sessionsRepo.listLiveSessions(ctx.db, accountOf(session), new Date());
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastUsedAt.toISOString(),
      current: row.id === session.sessionId,
    })),
  };
}

async function auditRevoked(ctx: AuthDeps, session: Session, after: Record<string, unknown>) {
  // The shop's log is about its owner and staff; customers' own sign-outs are theirs.
  if (session.kind !== "merchant") return;
  await recordAccountSecurity(ctx.db, session.user, "auth.sessions_revoked", { after });
}

/** Signs out one of the account's own sessions (its token stops working at once). */
export async function revokeSession(ctx: AuthDeps, session: Session, id: number) {
  const ended = await sessionsRepo.deleteOwnSession(ctx.db, accountOf(session), id);
  if (!ended) throw new AppError("NOT_FOUND", TWO_FACTOR_MESSAGES.sessionNotFound);
  await auditRevoked(ctx, session, { sessions: 1, current: id === session.sessionId });
  return { message: TWO_FACTOR_MESSAGES.sessionRevoked };
}

/** "Sign out everywhere": every session of the account but this one. */
export async function signOutOthers(ctx: AuthDeps, session: Session) {
  const signedOut = await sessionsRepo.deleteOtherSessions(
    ctx.db,
    accountOf(session),
    session.sessionId,
  );
  if (signedOut > 0) await auditRevoked(ctx, session, { sessions: signedOut, everywhere: true });
  return { message: TWO_FACTOR_MESSAGES.otherSessionsRevoked, signedOut };
}
