import { and, asc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import {
  checkouts,
  customerMemberships,
  customerOffers,
  customers,
  membershipBenefits,
  membershipTiers,
  offers,
  shops,
  transactions,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { countRows } from "../../infra/db/pages";
import { findOfShop, firstRow, ofCustomer, shopTable } from "../../infra/db/rows";
import { redeemableOf } from "./purchases";

export type MembershipRow = typeof customerMemberships.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type CustomerOfferRow = typeof customerOffers.$inferSelect;

async function findShopWhere(db: Executor, where: SQL) {
  const [shop] = await db.select().from(shops).where(where);
  return shop;
}

export function findShop(db: Executor, shopId: number) {
  return findShopWhere(db, eq(shops.id, shopId));
}

export function findShopByOnboardingReference(db: Executor, reference: string) {
  return findShopWhere(db, eq(shops.onboardingReference, reference));
}

export function findShopByLocation(db: Executor, locationId: string) {
  return findShopWhere(db, eq(shops.fortisId, locationId));
}

export async function updateShopPayments(
  db: Executor,
  shopId: number,
  values: Partial<typeof shops.$inferInsert>,
) {
  await db
    .update(shops)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shops.id, shopId));
}

export function findCustomer(db: Executor, shopId: number, customerId: number) {
  return findOfShop(db, customers, shopId, customerId);
}

export function findTier(db: Executor, shopId: number, tierId: number) {
  return findOfShop(db, membershipTiers, shopId, tierId);
}

export async function findTiers(db: Executor, shopId: number, tierIds: number[]) {
  if (tierIds.length === 0) return [];
  return db
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.shopId, shopId), inArray(membershipTiers.id, tierIds)));
}

export async function listBenefitsOfTiers(db: Executor, shopId: number, tierIds: number[]) {
  if (tierIds.length === 0) return [];
  return db
    .select()
    .from(membershipBenefits)
    .where(and(eq(membershipBenefits.shopId, shopId), inArray(membershipBenefits.tierId, tierIds)))
    .orderBy(asc(membershipBenefits.position), asc(membershipBenefits.id));
}

/** The customer's current membership (anything not expired), optionally locked. */
export async function findCurrentMembership(
  db: Executor,
  shopId: number,
  customerId: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(customerMemberships)
    .where(
      and(
        ofCustomer(customerMemberships, shopId, customerId),
        ne(customerMemberships.status, "expired"),
      ),
    );
  return firstRow(query, options.lock);
}

/** One of this customer's memberships, ended ones included (undefined: not theirs). */
export async function findMembershipOf(
  db: Executor,
  shopId: number,
  customerId: number,
  id: number,
) {
  const [row] = await db
    .select({ id: customerMemberships.id })
    .from(customerMemberships)
    .where(
      and(eq(customerMemberships.id, id), ofCustomer(customerMemberships, shopId, customerId)),
    );
  return row;
}

/**
 * Locks a membership for a change. The member's customer row is locked first: every money
 * path takes the customer before the membership, offer, checkout or transaction rows
 * (docs/money-safety.md), so two paths can never wait on each other in a circle.
 */
export async function lockMembershipById(db: Executor, id: number, skipLocked = false) {
  const [owner] = await db
    .select({ shopId: customerMemberships.shopId, customerId: customerMemberships.customerId })
    .from(customerMemberships)
    .where(eq(customerMemberships.id, id));
  if (!owner) return undefined;
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.shopId, owner.shopId), eq(customers.id, owner.customerId)))
    .for("update");
  const [row] = await db
    .select()
    .from(customerMemberships)
    .where(eq(customerMemberships.id, id))
    .for("update", skipLocked ? { skipLocked: true } : undefined);
  return row;
}

const membershipRows = shopTable(customerMemberships, "membership");

export const insertMembership = membershipRows.insert;
/** Changes a membership already found (under its lock), by its id. */
export const updateMembership = membershipRows.updateFound;

/** Memberships whose renewal (or retry) is due. */
export async function listDueRenewals(db: Executor, now: Date, limit: number, shopId?: number) {
  return db
    .select({ id: customerMemberships.id })
    .from(customerMemberships)
    .where(
      and(
        shopId === undefined ? undefined : eq(customerMemberships.shopId, shopId),
        inArray(customerMemberships.status, ["active", "pending"]),
        lte(
          sql`coalesce(${customerMemberships.nextRenewalAttemptAt}, ${customerMemberships.expireDate})`,
          now,
        ),
      ),
    )
    .orderBy(asc(customerMemberships.expireDate))
    .limit(limit);
}

/** Cancelled memberships at the end of their paid time. */
export function listEndedCancellations(db: Executor, now: Date, limit: number) {
  return listMembershipIds(
    db,
    and(eq(customerMemberships.status, "cancelled"), lte(customerMemberships.expireDate, now)),
    limit,
  );
}

/** Memberships ending within the window that have not had their notice for this date. */
export function listExpiringSoon(db: Executor, now: Date, until: Date, limit: number) {
  return listMembershipIds(
    db,
    and(
      inArray(customerMemberships.status, ["active", "cancelled"]),
      gt(customerMemberships.expireDate, now),
      lte(customerMemberships.expireDate, until),
      or(
        isNull(customerMemberships.expiryNoticeSentFor),
        ne(customerMemberships.expiryNoticeSentFor, customerMemberships.expireDate),
      ),
    ),
    limit,
  );
}

/** Periodic rewards due inside a paid period (yearly plans rewarding monthly). */
export function listDueRewards(db: Executor, now: Date, limit: number) {
  return listMembershipIds(
    db,
    and(
      inArray(customerMemberships.status, ["active", "cancelled"]),
      lte(customerMemberships.nextRewardAt, now),
      sql`${customerMemberships.nextRewardAt} < ${customerMemberships.expireDate}`,
    ),
    limit,
  );
}

/** The ids of the memberships a job works through, a batch at a time. */
function listMembershipIds(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select({ id: customerMemberships.id })
    .from(customerMemberships)
    .where(where)
    .limit(limit);
}

// ---------------------------------------------------------------- checkouts

const checkoutRows = shopTable(checkouts, "checkout");

export const insertCheckout = checkoutRows.insert;

export async function findCheckout(
  db: Executor,
  shopId: number,
  id: string,
  options: { lock?: boolean } = {},
) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return checkoutRows.find(db, shopId, id, options);
}

export const updateCheckout = checkoutRows.set;

// ---------------------------------------------------------------- offers

export function lockOffer(db: Executor, shopId: number, offerId: number) {
  return findOfShop(db, offers, shopId, offerId, { lock: true });
}

/**
 * Units taken: purchases that were not refunded, plus open checkouts still holding a unit.
 * Read under the offer's row lock, so two buyers cannot both take the last unit.
 */
export async function countTakenUnits(
  db: Executor,
  offerId: number,
  now: Date,
  customerId?: number,
) {
  // Only this customer's units, when a customer is named (the per-customer limit).
  const ofBuyer = (column: PgColumn) =>
    customerId === undefined ? undefined : eq(column, customerId);
  const sold = await countRows(
    db,
    customerOffers,
    and(
      eq(customerOffers.offerId, offerId),
      isNull(customerOffers.voidedAt),
      ofBuyer(customerOffers.customerId),
    ),
  );
  const held = await countRows(
    db,
    checkouts,
    and(
      eq(checkouts.offerId, offerId),
      eq(checkouts.status, "open"),
      gt(checkouts.expiresAt, now),
      ofBuyer(checkouts.customerId),
    ),
  );
  return sold + held;
}

export const insertCustomerOffer = shopTable(customerOffers, "customer offer").insert;

/** The customer's purchases that can still be redeemed, newest first, with their offers. */
export async function listRedeemableOffers(
  db: Executor,
  shopId: number,
  customerId: number,
  now: Date,
) {
  return db
    .select({ purchase: customerOffers, offer: offers })
    .from(customerOffers)
    .innerJoin(offers, eq(offers.id, customerOffers.offerId))
    .where(redeemableOf(shopId, customerId, now))
    .orderBy(sql`${customerOffers.purchasedAt} desc`);
}

export async function countSoldUnits(db: Executor, offerIds: number[]) {
  const map = new Map<number, number>();
  if (offerIds.length === 0) return map;
  const rows = await db
    .select({ offerId: customerOffers.offerId, n: sql<string>`count(*)` })
    .from(customerOffers)
    .where(and(inArray(customerOffers.offerId, offerIds), isNull(customerOffers.voidedAt)))
    .groupBy(customerOffers.offerId);
  for (const row of rows) map.set(row.offerId, Number(row.n));
  return map;
}

// ---------------------------------------------------------------- transactions

/** Inserts a transaction once per provider reference; undefined when it was already recorded. */
export async function insertTransaction(db: Executor, values: typeof transactions.$inferInsert) {
  const [row] = await db.insert(transactions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findTransactionByReference(
  db: Executor,
  shopId: number,
  provider: "sandbox" | "fortis",
  reference: string,
) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.shopId, shopId),
        eq(transactions.provider, provider),
        eq(transactions.providerReference, reference),
      ),
    );
  return row;
}

const transactionRows = shopTable(transactions, "transaction");

export const findTransaction = transactionRows.find;
export const updateTransaction = transactionRows.set;

export async function findCustomerOfferByTransaction(db: Executor, transactionId: number) {
  const [row] = await db
    .select()
    .from(customerOffers)
    .where(eq(customerOffers.transactionId, transactionId))
    .for("update");
  return row;
}

export async function voidCustomerOffer(db: Executor, id: number, at: Date) {
  await db.update(customerOffers).set({ voidedAt: at }).where(eq(customerOffers.id, id));
}
