import { and, asc, eq, gt, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import {
  accountTokens,
  applePassRegistrations,
  cashbackLedger,
  customerEmailPreferences,
  customerMemberships,
  customerOffers,
  customers,
  emailOutbox,
  membershipTiers,
  notifications,
  offers,
  redemptions,
  shops,
  signInCodes,
  transactions,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findOfShop, ofCustomer, ofShop } from "../../infra/db/rows";

/**
 * The privacy module's queries. Every one names the shop and the customer: an export or an
 * erasure reaches that one person's rows in that one shop and nothing else.
 */

export type Person = { shopId: number; customerId: number };

/** Rows of one export file, a page at a time, after the last id already written. */
export type PageReader = (
  db: Executor,
  who: Person,
  afterId: number,
  limit: number,
) => Promise<{ id: number }[]>;

/** A table of one person's rows in one shop. */
type OwnedTable = PgTable & { id: PgColumn; shopId: PgColumn; customerId: PgColumn };

export function findCustomer(db: Executor, who: Person) {
  return findOfShop(db, customers, who.shopId, who.customerId);
}

/** The customer's row under lock: payments and redemptions in flight finish first. */
export function lockCustomer(tx: Executor, who: Person) {
  return findOfShop(tx, customers, who.shopId, who.customerId, { lock: true });
}

export async function findShopName(db: Executor, shopId: number) {
  const [row] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return row?.name ?? null;
}

export async function findEmailPreferences(db: Executor, who: Person) {
  const [row] = await db
    .select({ reminders: customerEmailPreferences.reminders })
    .from(customerEmailPreferences)
    .where(ofCustomer(customerEmailPreferences, who.shopId, who.customerId));
  return row ?? null;
}

// Export pages -------------------------------------------------------------------------------

/**
 * One export file's reader: the table's rows of that person in that shop, by id, a page at a
 * time; `join` adds a name kept on another table (a tier's, an offer's).
 */
function pagedReader(
  table: OwnedTable,
  fields: SelectedFields & { id: PgColumn },
  join?: { table: PgTable; on: SQL },
): PageReader {
  return (db, who, afterId, limit) => {
    let query = db.select(fields).from(table).$dynamic();
    if (join) query = query.leftJoin(join.table, join.on);
    return query
      .where(and(ofCustomer(table, who.shopId, who.customerId), gt(table.id, afterId)))
      .orderBy(asc(table.id))
      .limit(limit) as Promise<{ id: number }[]>;
  };
}

export const readMemberships = pagedReader(
  customerMemberships,
  {
    id: customerMemberships.id,
    tierId: customerMemberships.tierId,
    tierName: membershipTiers.name,
    plan: customerMemberships.plan,
    status: customerMemberships.status,
    paymentType: customerMemberships.paymentType,
    startDate: customerMemberships.startDate,
    periodStart: customerMemberships.periodStart,
    expireDate: customerMemberships.expireDate,
    cancelledAt: customerMemberships.cancelledAt,
    endedAt: customerMemberships.endedAt,
    priceCents: membershipTiers.priceCents,
    // The card's label only; the provider's token is a key to the card, not the person's data.
    cardLabel: customerMemberships.cardLabel,
    createdAt: customerMemberships.createdAt,
  },
  { table: membershipTiers, on: eq(membershipTiers.id, customerMemberships.tierId) },
);

export const readTransactions = pagedReader(transactions, {
  id: transactions.id,
  createdAt: transactions.createdAt,
  kind: transactions.kind,
  status: transactions.status,
  membershipName: transactions.membershipName,
  plan: transactions.plan,
  offerName: transactions.offerName,
  paymentType: transactions.paymentType,
  priceCents: transactions.priceCents,
  discountCents: transactions.discountCents,
  cashbackUsedCents: transactions.cashbackUsedCents,
  amountCents: transactions.amountCents,
  customerName: transactions.customerName,
  transactionBy: transactions.transactionBy,
  refundedAt: transactions.refundedAt,
});

export const readRedemptions = pagedReader(redemptions, {
  id: redemptions.id,
  redemptionDate: redemptions.redemptionDate,
  redemptionType: redemptions.redemptionType,
  item: redemptions.item,
  valueCents: redemptions.valueCents,
  membershipMonth: redemptions.membershipMonth,
  performedBy: redemptions.performedBy,
  performedByName: redemptions.performedByName,
  customerName: redemptions.customerName,
});

export const readOffers = pagedReader(
  customerOffers,
  {
    id: customerOffers.id,
    offerId: customerOffers.offerId,
    offerName: offers.offerName,
    pricePaidCents: customerOffers.pricePaidCents,
    purchasedAt: customerOffers.purchasedAt,
    expiresAt: customerOffers.expiresAt,
    redeemedAt: customerOffers.redeemedAt,
    voidedAt: customerOffers.voidedAt,
  },
  { table: offers, on: eq(offers.id, customerOffers.offerId) },
);

export const readLedger = pagedReader(cashbackLedger, {
  id: cashbackLedger.id,
  createdAt: cashbackLedger.createdAt,
  kind: cashbackLedger.kind,
  amountCents: cashbackLedger.amountCents,
  description: cashbackLedger.description,
  transactionId: cashbackLedger.transactionId,
  customerMembershipId: cashbackLedger.customerMembershipId,
});

export const readNotifications = pagedReader(notifications, {
  id: notifications.id,
  createdAt: notifications.createdAt,
  event: notifications.event,
  title: notifications.title,
  message: notifications.message,
  isRead: notifications.isRead,
});

// Erasure ------------------------------------------------------------------------------------

/** The placeholders that replace the person (the e-mail stays unique per shop, and undeliverable). */
export async function anonymiseCustomer(
  tx: Executor,
  who: Person,
  values: { firstName: string; lastName: string; email: string; at: Date },
) {
  const [row] = await tx
    .update(customers)
    .set({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phoneNumber: null,
      profilePicture: null,
      passwordHash: null,
      emailVerifiedAt: null,
      contactId: null,
      isDisabled: true,
      erasedAt: values.at,
      // A new card code: the old one, on a screenshot or a printed card, finds nobody.
      memberCode: sql`replace(gen_random_uuid()::text, '-', '')`,
      // The wallet pass's serial too: its download and update links stop finding the person.
      walletSerial: sql`gen_random_uuid()`,
      updatedAt: values.at,
    })
    .where(ofShop(customers, who.shopId, who.customerId))
    .returning();
  return row;
}

/** The copies of the name on the shop's records; the amounts are left exactly as they were. */
export async function renameOnRecords(tx: Executor, who: Person, name: string) {
  await tx
    .update(transactions)
    .set({ customerName: name })
    .where(
      and(
        ofCustomer(transactions, who.shopId, who.customerId),
        ne(transactions.customerName, name),
      ),
    );
  await tx
    .update(redemptions)
    .set({ customerName: name })
    .where(
      and(ofCustomer(redemptions, who.shopId, who.customerId), ne(redemptions.customerName, name)),
    );
}

/** Saved cards go: the membership is cancelled first, so nothing renews with them. */
export async function forgetCards(tx: Executor, who: Person) {
  await tx
    .update(customerMemberships)
    .set({ cardToken: null, cardLabel: null })
    .where(
      and(
        ofCustomer(customerMemberships, who.shopId, who.customerId),
        or(isNotNull(customerMemberships.cardToken), isNotNull(customerMemberships.cardLabel)),
      ),
    );
}

/**
 * What only served the person and names them: their own notices, the shop's notices about them
 * (they carry the name in their text), sign-in codes and e-mail tokens, e-mail preferences,
 * phones registered for their wallet pass, and the sent e-mails kept in the outbox log. E-mails
 * still queued (a cancellation confirmation) go out and age out with the retention.
 */
export async function deletePersonalTraces(
  tx: Executor,
  who: Person,
  person: { email: string; walletSerial: string },
) {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.shopId, who.shopId),
        or(
          eq(notifications.customerId, who.customerId),
          sql`${notifications.data}->>'customerId' = ${String(who.customerId)}`,
        ),
      ),
    );
  await tx
    .delete(signInCodes)
    .where(
      and(
        eq(signInCodes.shopId, who.shopId),
        sql`lower(${signInCodes.email}) = lower(${person.email})`,
      ),
    );
  await tx.delete(accountTokens).where(eq(accountTokens.customerId, who.customerId));
  await tx
    .delete(customerEmailPreferences)
    .where(ofCustomer(customerEmailPreferences, who.shopId, who.customerId));
  await tx
    .delete(applePassRegistrations)
    .where(eq(applePassRegistrations.serialNumber, person.walletSerial));
  await tx
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.shopId, who.shopId),
        sql`lower(${emailOutbox.toAddress}) = lower(${person.email})`,
        inArray(emailOutbox.status, ["kept", "sent", "failed"]),
      ),
    );
}
