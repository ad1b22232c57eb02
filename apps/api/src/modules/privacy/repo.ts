import { and, asc, eq, gt, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
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

export async function findCustomer(db: Executor, who: Person) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, who.shopId), eq(customers.id, who.customerId)));
  return row;
}

/** The customer's row under lock: payments and redemptions in flight finish first. */
export async function lockCustomer(tx: Executor, who: Person) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, who.shopId), eq(customers.id, who.customerId)))
    .for("update");
  return row;
}

export async function findShopName(db: Executor, shopId: number) {
  const [row] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return row?.name ?? null;
}

export async function findEmailPreferences(db: Executor, who: Person) {
  const [row] = await db
    .select({ reminders: customerEmailPreferences.reminders })
    .from(customerEmailPreferences)
    .where(
      and(
        eq(customerEmailPreferences.shopId, who.shopId),
        eq(customerEmailPreferences.customerId, who.customerId),
      ),
    );
  return row ?? null;
}

// Export pages -------------------------------------------------------------------------------

export const readMemberships: PageReader = (db, who, afterId, limit) =>
  db
    .select({
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
    })
    .from(customerMemberships)
    .leftJoin(membershipTiers, eq(membershipTiers.id, customerMemberships.tierId))
    .where(
      and(
        eq(customerMemberships.shopId, who.shopId),
        eq(customerMemberships.customerId, who.customerId),
        gt(customerMemberships.id, afterId),
      ),
    )
    .orderBy(asc(customerMemberships.id))
    .limit(limit);

export const readTransactions: PageReader = (db, who, afterId, limit) =>
  db
    .select({
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
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.shopId, who.shopId),
        eq(transactions.customerId, who.customerId),
        gt(transactions.id, afterId),
      ),
    )
    .orderBy(asc(transactions.id))
    .limit(limit);

export const readRedemptions: PageReader = (db, who, afterId, limit) =>
  db
    .select({
      id: redemptions.id,
      redemptionDate: redemptions.redemptionDate,
      redemptionType: redemptions.redemptionType,
      item: redemptions.item,
      valueCents: redemptions.valueCents,
      membershipMonth: redemptions.membershipMonth,
      performedBy: redemptions.performedBy,
      performedByName: redemptions.performedByName,
      customerName: redemptions.customerName,
    })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.shopId, who.shopId),
        eq(redemptions.customerId, who.customerId),
        gt(redemptions.id, afterId),
      ),
    )
    .orderBy(asc(redemptions.id))
    .limit(limit);

export const readOffers: PageReader = (db, who, afterId, limit) =>
  db
    .select({
      id: customerOffers.id,
      offerId: customerOffers.offerId,
      offerName: offers.offerName,
      pricePaidCents: customerOffers.pricePaidCents,
      purchasedAt: customerOffers.purchasedAt,
      expiresAt: customerOffers.expiresAt,
      redeemedAt: customerOffers.redeemedAt,
      voidedAt: customerOffers.voidedAt,
    })
    .from(customerOffers)
    .leftJoin(offers, eq(offers.id, customerOffers.offerId))
    .where(
      and(
        eq(customerOffers.shopId, who.shopId),
        eq(customerOffers.customerId, who.customerId),
        gt(customerOffers.id, afterId),
      ),
    )
    .orderBy(asc(customerOffers.id))
    .limit(limit);

export const readLedger: PageReader = (db, who, afterId, limit) =>
  db
    .select({
      id: cashbackLedger.id,
      createdAt: cashbackLedger.createdAt,
      kind: cashbackLedger.kind,
      amountCents: cashbackLedger.amountCents,
      description: cashbackLedger.description,
      transactionId: cashbackLedger.transactionId,
      customerMembershipId: cashbackLedger.customerMembershipId,
    })
    .from(cashbackLedger)
    .where(
      and(
        eq(cashbackLedger.shopId, who.shopId),
        eq(cashbackLedger.customerId, who.customerId),
        gt(cashbackLedger.id, afterId),
      ),
    )
    .orderBy(asc(cashbackLedger.id))
    .limit(limit);

export const readNotifications: PageReader = (db, who, afterId, limit) =>
  db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      event: notifications.event,
      title: notifications.title,
      message: notifications.message,
      isRead: notifications.isRead,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.shopId, who.shopId),
        eq(notifications.customerId, who.customerId),
        gt(notifications.id, afterId),
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(limit);

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
    .where(and(eq(customers.shopId, who.shopId), eq(customers.id, who.customerId)))
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
        eq(transactions.shopId, who.shopId),
        eq(transactions.customerId, who.customerId),
        ne(transactions.customerName, name),
      ),
    );
  await tx
    .update(redemptions)
    .set({ customerName: name })
    .where(
      and(
        eq(redemptions.shopId, who.shopId),
        eq(redemptions.customerId, who.customerId),
        ne(redemptions.customerName, name),
      ),
    );
}

/** Saved cards go: the membership is cancelled first, so nothing renews with them. */
export async function forgetCards(tx: Executor, who: Person) {
  await tx
    .update(customerMemberships)
    .set({ cardToken: null, cardLabel: null })
    .where(
      and(
        eq(customerMemberships.shopId, who.shopId),
        eq(customerMemberships.customerId, who.customerId),
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
    .where(
      and(
        eq(customerEmailPreferences.shopId, who.shopId),
        eq(customerEmailPreferences.customerId, who.customerId),
      ),
    );
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
