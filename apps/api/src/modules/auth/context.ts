import { ACCESS_MESSAGES } from "@tessera/shared";
import type { Config } from "../../config";
import type { Shop, User } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { hashPassword, verifyPassword } from "../../infra/passwords";
import type { Storage } from "../../infra/storage";
import { toUserDto } from "./dto";
import * as repo from "./repo";
import { hashToken, newToken } from "./tokens";

/** An account e-mail carrying one link (verify the address, reset the password). */
type AccountLinkEmail = {
  to: string;
  firstName: string;
  link: string;
  shop?: Shop;
  /** The customer's chosen language, if any (else the shop's default). */
  locale?: string | null;
};

/** What the auth flows need from e-mail: one call per message, links already built. */
export type AccountEmails = {
  sendVerifyEmail(input: AccountLinkEmail): Promise<void>;
  sendResetPassword(input: AccountLinkEmail): Promise<void>;
  sendStaffInvite(input: {
    to: string;
    firstName: string;
    link: string;
    shop: Shop;
    role: string | null;
  }): Promise<void>;
  sendMemberWelcome(input: {
    to: string;
    firstName: string;
    link: string;
    shop: Shop;
    membershipName: string | null;
    /** The customer's chosen language, if any (else the shop's default). */
    locale?: string | null;
  }): Promise<void>;
  sendSignInCode(input: {
    to: string;
    firstName: string | null;
    code: string;
    link: string;
    shop: Shop;
    validForMinutes: number;
    /** The customer's chosen language, if any (else the shop's default). */
    locale?: string | null;
  }): Promise<void>;
};

/** What every auth flow works with; each flow is a plain function taking it first. */
export type AuthDeps = {
  db: Database;
  config: Config;
  emails: AccountEmails;
  /** Where profile pictures are kept. */
  storage: Storage;
};

// Verifying against a real hash for unknown e-mails keeps response times alike, so sign-in does
// not reveal which addresses have accounts.
const dummyHash = hashPassword("Not-a-real-password-1!");

export function invalidCredentials(): AppError {
  return new AppError("UNAUTHORIZED", ACCESS_MESSAGES.invalidCredentials, {
    errors: { password: ACCESS_MESSAGES.invalidCredentials },
  });
}

export function invalidToken(): AppError {
  return new AppError("BAD_REQUEST", ACCESS_MESSAGES.invalidToken);
}

export function emailTaken(): AppError {
  return new AppError("CONFLICT", ACCESS_MESSAGES.emailTaken, {
    errors: { email: ACCESS_MESSAGES.emailTaken },
  });
}

export function accountDisabled(): AppError {
  return new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
}

export async function checkPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    await verifyPassword(await dummyHash, password);
    return false;
  }
  return verifyPassword(passwordHash, password);
}

/** A link to the public site, for e-mails. */
export function link(ctx: AuthDeps, path: string, params: Record<string, string>) {
  return `${ctx.config.publicUrl}${path}?${new URLSearchParams(params).toString()}`;
}

/** What a link's token is for, whose it is and how long it lasts. */
export type LinkToken = { purpose: repo.TokenPurpose; account: repo.AccountRef; ttlMs: number };

/** The link an e-mail carries: a new token for the account (see issueToken) and the params. */
export async function tokenLink(
  ctx: AuthDeps,
  token: LinkToken,
  path: string,
  params: Record<string, string> = {},
) {
  const value = await issueToken(ctx, token.purpose, token.account, token.ttlMs);
  return link(ctx, path, { token: value, ...params });
}

/** A new single-use token for the account; earlier ones of the same purpose stop working. */
export async function issueToken(
  ctx: AuthDeps,
  purpose: repo.TokenPurpose,
  account: repo.AccountRef,
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.revokeTokensOf(tx, purpose, account);
    await repo.insertAccountToken(tx, {
      ...account,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
  return token;
}

export async function requireShop(ctx: AuthDeps, shopId: number): Promise<Shop> {
  const shop = await repo.findShopById(ctx.db, shopId);
  if (!shop) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
  return shop;
}

export async function merchantView(ctx: AuthDeps, user: User) {
  return toUserDto(user, await repo.findShopIdOfUser(ctx.db, user));
}
