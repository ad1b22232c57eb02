import { and, eq, ne, or, type SQL, sql } from "drizzle-orm";
import {
  customerMemberships,
  customers,
  emailOutbox,
  membershipTiers,
  merchantEmailPreferences,
  shops,
  transactions,
  users,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findOfShop, findRow } from "../../infra/db/rows";

/** The e-mails' reads: what an e-mail about a payment or a membership needs to say. */

export async function findTransaction(tx: Executor, id: number) {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

export async function findTransactionByReference(
  tx: Executor,
  shopId: number,
  providerReference: string,
) {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.shopId, shopId), eq(transactions.providerReference, providerReference)),
    );
  return row;
}

/** The shop with its owner's address, which replies to the shop's e-mails go to. */
export async function findShopWithOwner(tx: Executor, shopId: number) {
  const [row] = await tx
    .select({ shop: shops, ownerEmail: users.email })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(shops.id, shopId));
  return row;
}

export function findCustomer(tx: Executor, shopId: number, customerId: number) {
  return findOfShop(tx, customers, shopId, customerId);
}

export async function findMembership(tx: Executor, membershipId: number) {
  const [row] = await tx
    .select()
    .from(customerMemberships)
    .where(eq(customerMemberships.id, membershipId));
  return row;
}

export async function findTier(tx: Executor, tierId: number) {
  const [row] = await tx.select().from(membershipTiers).where(eq(membershipTiers.id, tierId));
  return row;
}

export function findCustomerById(tx: Executor, customerId: number) {
  return findRow(tx, customers, customerId);
}

/** The card the provider named for a payment, kept for its later PDF receipt. */
export async function keepCardLabel(tx: Executor, transactionId: number, cardLabel: string) {
  await tx.update(transactions).set({ cardLabel }).where(eq(transactions.id, transactionId));
}

export type TeamChoice = "newMember" | "failedPayment" | "refund";

/**
 * The merchants who chose e-mails (owners and active staff of the shop the choice is for: an
 * invited or disabled staff member gets nothing, nor someone who left the shop), with their
 * shop; `where` narrows to the choice asked about.
 */
function activeSubscribers(tx: Executor, where: SQL | undefined) {
  return tx
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      digest: merchantEmailPreferences.digest,
      shopId: shops.id,
      timeZone: shops.timeZone,
    })
    .from(merchantEmailPreferences)
    .innerJoin(users, eq(users.id, merchantEmailPreferences.userId))
    .innerJoin(shops, eq(shops.id, merchantEmailPreferences.shopId))
    .where(
      and(
        where,
        eq(users.status, "active"),
        or(eq(shops.ownerId, users.id), eq(users.shopId, shops.id)),
      ),
    );
}

/** The shop's people who asked for an e-mail about this kind of event. */
export async function findTeamRecipients(tx: Executor, shopId: number, choice?: TeamChoice) {
  const rows = await activeSubscribers(
    tx,
    and(
      eq(merchantEmailPreferences.shopId, shopId),
      choice ? eq(merchantEmailPreferences[choice], true) : undefined,
    ),
  );
  return rows.map(({ userId, email, firstName, digest }) => ({ userId, email, firstName, digest }));
}

/** Everyone who chose a digest, with their shop (for its time zone). */
export async function findDigestSubscribers(tx: Executor) {
  return activeSubscribers(tx, ne(merchantEmailPreferences.digest, "none"));
}

/** Whether an e-mail with this idempotency key was queued already (a digest sent today). */
export async function isQueued(tx: Executor, idempotencyKey: string) {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(emailOutbox)
    .where(eq(emailOutbox.idempotencyKey, idempotencyKey))
    .limit(1);
  return row !== undefined;
}

/** A team member's e-mail choices row with its shop's name (a digest link's recipient). */
export async function findDigestChoice(tx: Executor, userId: number) {
  const [row] = await tx
    .select({
      userId: merchantEmailPreferences.userId,
      shopId: merchantEmailPreferences.shopId,
      shopName: shops.name,
    })
    .from(merchantEmailPreferences)
    .innerJoin(shops, eq(shops.id, merchantEmailPreferences.shopId))
    .where(eq(merchantEmailPreferences.userId, userId));
  return row;
}
