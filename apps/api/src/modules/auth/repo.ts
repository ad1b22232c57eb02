import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import {
  accountTokens,
  customers,
  type NewCustomer,
  type NewUser,
  sessions,
  shops,
  users,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findRow, insertRow, returnedRow, updateRow } from "../../infra/db/rows";
import { requestLocale } from "../../infra/request-context";

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
export type AccountRef = { userId: number } | { customerId: number };

const byEmail = (column: typeof users.email | typeof customers.email, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(byEmail(users.email, email)).limit(1);
  return user;
}

export function findUserById(db: Executor, id: number) {
  return findRow(db, users, id);
}

/** The shop a user works in: the one they own, else the one they were invited to. */
export async function findShopIdOfUser(db: Executor, user: { id: number; shopId: number | null }) {
  if (user.shopId) return user.shopId;
  const [owned] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.ownerId, user.id))
    .limit(1);
  return owned?.id ?? null;
}

/** The user, locked until the transaction ends, so concurrent profile updates queue. */
export function lockUser(db: Executor, id: number) {
  return findRow(db, users, id, { lock: true });
}

export async function updateUserProfile(
  db: Executor,
  id: number,
  values: Pick<NewUser, "firstName" | "lastName" | "phoneNumber"> &
    Partial<Pick<NewUser, "profilePicture">>,
) {
  return updateRow(db, users, id, values, "user");
}

export async function insertUser(db: Executor, values: NewUser) {
  return insertRow(db, users, values, "user");
}

export async function findCustomerByEmail(db: Executor, shopId: number, email: string) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, shopId), byEmail(customers.email, email)))
    .limit(1);
  return customer;
}

export function findCustomerById(db: Executor, id: number) {
  return findRow(db, customers, id);
}

export async function insertCustomer(db: Executor, values: NewCustomer) {
  return returnedRow(
    await db
      .insert(customers)
      .values({ locale: requestLocale(), ...values })
      .returning(),
    "customer insert",
  );
}

export function findShopById(db: Executor, id: number) {
  return findRow(db, shops, id);
}

export async function setPassword(db: Executor, account: AccountRef, passwordHash: string) {
  const now = new Date();
  if ("userId" in account) {
    await db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, account.userId));
  } else {
    await db
      .update(customers)
      .set({ passwordHash, updatedAt: now })
      .where(eq(customers.id, account.customerId));
  }
}

/** Marks the e-mail verified unless it already is (keeps the first verification time). */
export async function markEmailVerified(db: Executor, account: AccountRef) {
  const now = new Date();
  if ("userId" in account) {
    await db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, account.userId), isNull(users.emailVerifiedAt)));
  } else {
    await db
      .update(customers)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(customers.id, account.customerId), isNull(customers.emailVerifiedAt)));
  }
}

export async function activateInvitedStaff(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ status: "active", updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.status, "inactive")));
}

// Sessions -----------------------------------------------------------------------------------

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; expiresAt: Date; ip?: string | null; userAgent?: string | null } & (
    | { userId: number }
    | { customerId: number }
  ),
) {
  await db.insert(sessions).values(values);
}

export async function touchSession(
  db: Executor,
  id: number,
  now: Date,
  expiresAt: Date,
  seen: SeenFrom = {},
) {
  await db
    .update(sessions)
    .set({ lastUsedAt: now, expiresAt, ...seen })
    .where(eq(sessions.id, id));
}

/** Where a session was used from: the request's IP and user agent. */
export type SeenFrom = { ip?: string | null; userAgent?: string | null };

export async function deleteSession(db: Executor, id: number) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** The rows of a table with both owner columns (sessions, tokens) that belong to the account. */
function ownedBy(table: typeof sessions | typeof accountTokens, account: AccountRef) {
  return "userId" in account
    ? eq(table.userId, account.userId)
    : eq(table.customerId, account.customerId);
}

/** Ends every session of an account, except optionally the one in use. */
export async function deleteSessionsOf(db: Executor, account: AccountRef, exceptId?: number) {
  const owner = ownedBy(sessions, account);
  await db
    .delete(sessions)
    .where(exceptId === undefined ? owner : and(owner, ne(sessions.id, exceptId)));
}

// Single-use e-mail tokens --------------------------------------------------------------------

export async function insertAccountToken(
  db: Executor,
  values: { purpose: TokenPurpose; tokenHash: string; expiresAt: Date } & AccountRef,
) {
  await db.insert(accountTokens).values(values);
}

/** The token with this purpose and hash, while unused and unexpired. */
function usableToken(purpose: TokenPurpose, tokenHash: string, now: Date) {
  return and(
    eq(accountTokens.purpose, purpose),
    eq(accountTokens.tokenHash, tokenHash),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );
}

/** A token that is unused and unexpired, without spending it. */
export async function findUsableToken(
  db: Executor,
  purpose: TokenPurpose,
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(usableToken(purpose, tokenHash, now))
    .limit(1);
  return row;
}

/**
 * Spends a token atomically: of two concurrent uses exactly one gets the row back.
 */
export async function consumeToken(
  db: Executor,
  purpose: TokenPurpose,
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(usableToken(purpose, tokenHash, now))
    .returning();
  return row;
}

/** A new link replaces older unused ones of the same purpose. */
export async function revokeTokensOf(db: Executor, purpose: TokenPurpose, account: AccountRef) {
  const owner = ownedBy(accountTokens, account);
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.purpose, purpose), owner, isNull(accountTokens.usedAt)));
}

/** A live session with its account and shop, in one query (it runs on every signed-in call). */
export async function findSessionContext(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      customer: customers,
      ownedShopId: shops.id,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .leftJoin(shops, eq(shops.ownerId, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** A spent token whose account's e-mail is verified (so reusing it is harmless). */
export async function findSpentTokenOfVerifiedAccount(
  db: Executor,
  purpose: TokenPurpose,
  tokenHash: string,
) {
  const [row] = await db
    .select({ token: accountTokens })
    .from(accountTokens)
    .leftJoin(users, eq(users.id, accountTokens.userId))
    .leftJoin(customers, eq(customers.id, accountTokens.customerId))
    .where(
      and(
        eq(accountTokens.purpose, purpose),
        eq(accountTokens.tokenHash, tokenHash),
        sql`${accountTokens.usedAt} is not null`,
        sql`coalesce(${users.emailVerifiedAt}, ${customers.emailVerifiedAt}) is not null`,
      ),
    )
    .limit(1);
  return row?.token;
}
