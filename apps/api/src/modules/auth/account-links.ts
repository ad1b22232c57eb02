import { ACCESS_MESSAGES } from "@tessera/shared";
import { hashPassword } from "../../infra/passwords";
import { type AuthDeps, invalidToken, requireShop, tokenLink } from "./context";
import { sendCustomerVerification } from "./customer-accounts";
import { sendUserVerification } from "./merchant-accounts";
import * as repo from "./repo";
import { hashToken, RESET_PASSWORD_TTL_MS } from "./tokens";

/**
 * The links the auth e-mails carry, for merchants and customers alike: verify the e-mail,
 * reset a forgotten password, a staff member's first password. Each is a single-use token.
 */

/** The link in the verification e-mail: verifies and says where the browser goes next. */
export async function verifyEmail(
  ctx: AuthDeps,
  token: string,
  email: string,
  shopId?: number,
): Promise<string> {
  const { db } = ctx;
  const tokenHash = hashToken(token);
  // A link opened again (or first by a mail scanner) for an account that is verified by now
  // still lands on the success page instead of a confusing error.
  const row =
    (await repo.consumeToken(db, "verify_email", tokenHash, new Date())) ??
    (await repo.findSpentTokenOfVerifiedAccount(db, "verify_email", tokenHash));
  const account = row?.userId
    ? await repo.findUserById(db, row.userId)
    : row?.customerId
      ? await repo.findCustomerById(db, row.customerId)
      : undefined;
  if (!row || !account || account.email.toLowerCase() !== email.toLowerCase()) {
    return `${shopId ? `/${shopId}` : ""}/verify-email?${new URLSearchParams({
      email,
      error: "This verification link is invalid or has expired. Please request a new one.",
    })}`;
  }
  if ("shopId" in account && row.customerId) {
    await repo.markEmailVerified(db, { customerId: account.id });
    return `/${account.shopId}/login?verified=1`;
  }
  await repo.markEmailVerified(db, { userId: account.id });
  return "/email-verified";
}

export async function resendVerification(ctx: AuthDeps, input: { email: string; shopId?: number }) {
  if (input.shopId !== undefined) {
    const shop = await requireShop(ctx, input.shopId);
    const customer = await repo.findCustomerByEmail(ctx.db, shop.id, input.email);
    if (customer && !customer.emailVerifiedAt) {
      await sendCustomerVerification(ctx, customer, shop);
    }
  } else {
    const user = await repo.findUserByEmail(ctx.db, input.email);
    if (user && !user.emailVerifiedAt) await sendUserVerification(ctx, user);
  }
  // The same answer either way: it must not reveal which addresses have accounts.
  return { message: ACCESS_MESSAGES.verificationSent };
}

function resetLink(ctx: AuthDeps, account: repo.AccountRef, path: string, email: string) {
  const token = { purpose: "reset_password" as const, account, ttlMs: RESET_PASSWORD_TTL_MS };
  return tokenLink(ctx, token, path, { email });
}

export async function forgotPassword(ctx: AuthDeps, input: { email: string; shopId?: number }) {
  if (input.shopId !== undefined) {
    const shop = await requireShop(ctx, input.shopId);
    const customer = await repo.findCustomerByEmail(ctx.db, shop.id, input.email);
    if (customer && !customer.isDisabled) {
      const ref = { customerId: customer.id };
      await ctx.emails.sendResetPassword({
        to: customer.email,
        firstName: customer.firstName,
        link: await resetLink(ctx, ref, `/${shop.id}/pass/reset-password`, customer.email),
        shop,
        locale: customer.locale,
      });
    }
  } else {
    const user = await repo.findUserByEmail(ctx.db, input.email);
    if (user && user.status !== "disabled") {
      await ctx.emails.sendResetPassword({
        to: user.email,
        firstName: user.firstName,
        link: await resetLink(ctx, { userId: user.id }, "/pass/reset-password", user.email),
      });
    }
  }
  return { message: ACCESS_MESSAGES.forgotPassword };
}

/** A reset or invitation token, checked against the e-mail it was sent to when one is given. */
async function findTokenAccount(
  ctx: AuthDeps,
  purpose: repo.TokenPurpose,
  token: string,
  email?: string,
) {
  const { db } = ctx;
  const row = await repo.findUsableToken(db, purpose, hashToken(token), new Date());
  if (!row) throw invalidToken();
  const account = row.userId
    ? await repo.findUserById(db, row.userId)
    : row.customerId
      ? await repo.findCustomerById(db, row.customerId)
      : undefined;
  if (!account) throw invalidToken();
  if (email && account.email.toLowerCase() !== email.toLowerCase()) throw invalidToken();
  return { row, account };
}

/** Spends a token and sets a password, ending every session of the account. */
async function spendTokenForPassword(
  ctx: AuthDeps,
  purpose: repo.TokenPurpose,
  token: string,
  password: string,
  email?: string,
) {
  const { account, row } = await findTokenAccount(ctx, purpose, token, email);
  const passwordHash = await hashPassword(password);
  const ref: repo.AccountRef = row.userId
    ? { userId: row.userId }
    : { customerId: row.customerId as number };
  await ctx.db.transaction(async (tx) => {
    // Spending inside the transaction: of two concurrent resets exactly one wins.
    const spent = await repo.consumeToken(tx, purpose, hashToken(token), new Date());
    if (!spent) throw invalidToken();
    await repo.setPassword(tx, ref, passwordHash);
    // The link proved the address: it counts as verified.
    await repo.markEmailVerified(tx, ref);
    await repo.deleteSessionsOf(tx, ref);
    if (purpose === "staff_invite" && "userId" in ref) {
      await repo.activateInvitedStaff(tx, ref.userId);
    }
  });
  return account;
}

export async function verifyResetToken(
  ctx: AuthDeps,
  token: string,
  email: string | undefined,
  shopId?: number,
) {
  const { account } = await findTokenAccount(ctx, "reset_password", token, email);
  if (shopId !== undefined && (!("shopId" in account) || account.shopId !== shopId)) {
    throw invalidToken();
  }
  return { message: ACCESS_MESSAGES.tokenValid, email: account.email };
}

export async function resetPassword(
  ctx: AuthDeps,
  input: { token: string; email?: string; password: string },
) {
  await spendTokenForPassword(ctx, "reset_password", input.token, input.password, input.email);
  return { message: ACCESS_MESSAGES.resetPassword };
}

export async function setStaffPassword(ctx: AuthDeps, input: { token: string; password: string }) {
  await spendTokenForPassword(ctx, "staff_invite", input.token, input.password);
  return { message: ACCESS_MESSAGES.passwordSet };
}
