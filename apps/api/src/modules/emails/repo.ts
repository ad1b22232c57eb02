import { and, eq } from "drizzle-orm";
import {
  customerMemberships,
  customers,
  membershipTiers,
  shops,
  transactions,
  users,
} from "../../db/schema";
import type { Executor } from "../../infra/db";

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

export async function findCustomer(tx: Executor, shopId: number, customerId: number) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, shopId), eq(customers.id, customerId)));
  return row;
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

export async function findCustomerById(tx: Executor, customerId: number) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId));
  return row;
}

/** The card the provider named for a payment, kept for its later PDF receipt. */
export async function keepCardLabel(tx: Executor, transactionId: number, cardLabel: string) {
  await tx.update(transactions).set({ cardLabel }).where(eq(transactions.id, transactionId));
}
