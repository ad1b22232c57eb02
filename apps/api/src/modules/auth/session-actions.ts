import {
  ACCESS_MESSAGES,
  type ChangePasswordPayload,
  SIGN_IN_CODE_MESSAGES,
} from "@tessera/shared";
import { AppError } from "../../errors";
import { hashPassword } from "../../infra/passwords";
import { type AuthDeps, checkPassword } from "./context";
import * as repo from "./repo";
import type { Session } from "./session";

/** What a signed-in account (merchant or customer) does with its own sign-in. */

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
  const ref: repo.AccountRef =
    session.kind === "merchant" ? { userId: account.id } : { customerId: account.id };
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, ref, passwordHash);
    await repo.deleteSessionsOf(tx, ref, session.sessionId);
  });
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
  const ref: repo.AccountRef =
    session.kind === "merchant" ? { userId: account.id } : { customerId: account.id };
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, ref, passwordHash);
    await repo.deleteSessionsOf(tx, ref, session.sessionId);
  });
  return { message: SIGN_IN_CODE_MESSAGES.passwordSet };
}

export async function logout(ctx: AuthDeps, session: Session) {
  await repo.deleteSession(ctx.db, session.sessionId);
  return { message: ACCESS_MESSAGES.loggedOut };
}
