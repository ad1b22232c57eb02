import { and, eq, sql } from "drizzle-orm";
import { applePassRegistrations, customers, shops } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findOfShop, updateOfShop } from "../../infra/db/rows";

/** Member card queries: every one is scoped to a shop, so a code never crosses shops. */

export async function findMemberByCode(db: Executor, shopId: number, code: string) {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.shopId, shopId), eq(customers.memberCode, code)));
  return row;
}

export async function findCardShop(db: Executor, shopId: number) {
  const [row] = await db
    .select({
      id: shops.id,
      name: shops.name,
      logo: shops.logo,
      primaryColor: shops.primaryColor,
      secondaryColor: shops.secondaryColor,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row;
}

export function findCustomer(db: Executor, shopId: number, customerId: number) {
  return findOfShop(db, customers, shopId, customerId);
}

/** Replaces the code; the old one stops matching with this commit. */
export async function replaceCode(db: Executor, shopId: number, customerId: number, code: string) {
  return updateOfShop(db, customers, shopId, customerId, { memberCode: code });
}

/**
 * When the member's pass last changed: the latest of the customer row (name, code), their
 * memberships (tier, status) and their cashback ledger (balance). Computed from the data, so
 * every writer moves it without having to remember to.
 */
// Table-qualified by hand: in a one-table select drizzle leaves column names bare, and a bare
// "id" inside the subqueries would be the subquery's own table's.
const passUpdatedAt = sql<Date>`greatest(
  "customers"."updated_at",
  (select max(m."updated_at") from "customer_memberships" m where m."customer_id" = "customers"."id"),
  (select max(m."created_at") from "customer_memberships" m where m."customer_id" = "customers"."id"),
  (select max(l."created_at") from "cashback_ledger" l where l."customer_id" = "customers"."id")
)`.mapWith((value: string | Date) => new Date(value));

export async function findPassHolder(db: Executor, serial: string) {
  const [row] = await db
    .select({ customer: customers, updatedAt: passUpdatedAt })
    .from(customers)
    .where(eq(customers.walletSerial, serial));
  return row;
}

/** The serials a device holds whose pass changed after `since` (all of them without it). */
export async function listUpdatedSerials(
  db: Executor,
  deviceLibraryId: string,
  passTypeId: string,
) {
  return db
    .select({ serial: customers.walletSerial, updatedAt: passUpdatedAt })
    .from(applePassRegistrations)
    .innerJoin(customers, eq(customers.walletSerial, applePassRegistrations.serialNumber))
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, deviceLibraryId),
        eq(applePassRegistrations.passTypeId, passTypeId),
      ),
    );
}

/** Registers a device for a pass; false when it already was (the push token is refreshed). */
export async function registerDevice(
  db: Executor,
  row: { deviceLibraryId: string; passTypeId: string; serialNumber: string; pushToken: string },
): Promise<boolean> {
  const inserted = await db
    .insert(applePassRegistrations)
    .values(row)
    .onConflictDoNothing()
    .returning({ serial: applePassRegistrations.serialNumber });
  if (inserted.length > 0) return true;
  await db
    .update(applePassRegistrations)
    .set({ pushToken: row.pushToken })
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, row.deviceLibraryId),
        eq(applePassRegistrations.passTypeId, row.passTypeId),
        eq(applePassRegistrations.serialNumber, row.serialNumber),
      ),
    );
  return false;
}

export async function unregisterDevice(
  db: Executor,
  row: { deviceLibraryId: string; passTypeId: string; serialNumber: string },
) {
  await db
    .delete(applePassRegistrations)
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, row.deviceLibraryId),
        eq(applePassRegistrations.passTypeId, row.passTypeId),
        eq(applePassRegistrations.serialNumber, row.serialNumber),
      ),
    );
}

/** The push tokens of the devices holding a member's pass. */
export async function listPushTokens(db: Executor, serial: string) {
  const rows = await db
    .select({ pushToken: applePassRegistrations.pushToken })
    .from(applePassRegistrations)
    .where(eq(applePassRegistrations.serialNumber, serial));
  return rows.map((row) => row.pushToken);
}
