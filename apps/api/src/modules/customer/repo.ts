import { type PaginationQuery, pageOffset } from "@tessera/shared";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  cashbackLedger,
  customerMemberships,
  customerOffers,
  customers,
  membershipBenefits,
  membershipTiers,
  offers,
  redemptions,
  shops,
  transactions,
} from "../../db/schema";
import type { Executor } from "../../infra/db";
import { pageOfRows } from "../../infra/db/pages";
import { findOfShop, ofCustomer, updateOfShop, updateRow } from "../../infra/db/rows";
import { groupBenefits } from "../memberships/tier-rows";
import { redeemableOf } from "../payments/purchases";

const nextTiers = alias(membershipTiers, "next_tier");

/** The customer's membership that is not yet history (at most one, by a unique index). */
const isCurrentMembership = (shopId: number, customerId: number) =>
  and(
    eq(customerMemberships.shopId, shopId),
    eq(customerMemberships.customerId, customerId),
    ne(customerMemberships.status, "expired"),
  );

/**
 * The dashboard's head in one row: the shop's font, the cashback balance, and the current
 * membership with its tier and next-renewal tier (null columns when there is none).
 */
export async function findDashboardHead(db: Executor, shopId: number, customerId: number) {
  const [row] = await db
    .select({
      fontStyle: shops.fontStyle,
      balanceCents: sql<string>`(
        select coalesce(sum(${cashbackLedger.amountCents}), 0) from ${cashbackLedger}
        where ${cashbackLedger.shopId} = ${shopId} and ${cashbackLedger.customerId} = ${customerId}
      )`.mapWith(Number),
      membership: customerMemberships,
      tier: membershipTiers,
      nextTier: nextTiers,
    })
    .from(shops)
    .leftJoin(customerMemberships, isCurrentMembership(shopId, customerId))
    .leftJoin(membershipTiers, eq(membershipTiers.id, customerMemberships.tierId))
    .leftJoin(nextTiers, eq(nextTiers.id, customerMemberships.nextTierId))
    .where(eq(shops.id, shopId));
  return row;
}

/**
 * The benefits of the customer's current membership's tier, in the tier's order, each with the
 * membership months it was redeemed in (to tell whether this month's is used).
 */
export async function listCurrentBenefits(db: Executor, shopId: number, customerId: number) {
  return db
    .select({
      benefit: membershipBenefits,
      redeemedMonths: sql<number[]>`coalesce(
        array_agg(${redemptions.membershipMonth}) filter (where ${redemptions.id} is not null),
        '{}'
      )`,
    })
    .from(membershipBenefits)
    .innerJoin(customerMemberships, eq(customerMemberships.tierId, membershipBenefits.tierId))
    .leftJoin(
      redemptions,
      and(
        eq(redemptions.customerMembershipId, customerMemberships.id),
        eq(redemptions.benefitId, membershipBenefits.id),
        eq(redemptions.redemptionType, "benefit"),
      ),
    )
    .where(and(eq(membershipBenefits.shopId, shopId), isCurrentMembership(shopId, customerId)))
    .groupBy(membershipBenefits.id)
    .orderBy(asc(membershipBenefits.position), asc(membershipBenefits.id));
}

/** Units of an offer sold (purchases not refunded), as a correlated subquery. */
const soldCountOf = sql<number>`(
  select count(*) from ${customerOffers} as sold
  where sold.offer_id = ${offers.id} and sold.voided_at is null
)`.mapWith(Number);

/** The customer's bought offers still redeemable (unredeemed, unexpired), newest first. */
export async function listRedeemableOffers(
  db: Executor,
  shopId: number,
  customerId: number,
  now: Date,
) {
  return db
    .select({ purchase: customerOffers, offer: offers, soldCount: soldCountOf })
    .from(customerOffers)
    .innerJoin(offers, eq(offers.id, customerOffers.offerId))
    .where(redeemableOf(shopId, customerId, now))
    .orderBy(desc(customerOffers.purchasedAt), desc(customerOffers.id));
}

/** The tier ids the customer is subscribed to: current membership's and its next renewal's. */
export async function findSubscribedTierIds(db: Executor, shopId: number, customerId: number) {
  const [row] = await db
    .select({ tierId: customerMemberships.tierId, nextTierId: customerMemberships.nextTierId })
    .from(customerMemberships)
    .where(isCurrentMembership(shopId, customerId));
  if (!row) return [];
  return row.nextTierId ? [row.tierId, row.nextTierId] : [row.tierId];
}

/** Tiers of the shop by id with their benefits, whatever their status. */
export async function listTiersWithBenefits(db: Executor, shopId: number, tierIds: number[]) {
  if (tierIds.length === 0) return [];
  const rows = await db
    .select({ tier: membershipTiers, benefit: membershipBenefits })
    .from(membershipTiers)
    .leftJoin(membershipBenefits, eq(membershipBenefits.tierId, membershipTiers.id))
    .where(and(eq(membershipTiers.shopId, shopId), inArray(membershipTiers.id, tierIds)))
    .orderBy(
      asc(membershipTiers.priceCents),
      asc(membershipTiers.id),
      asc(membershipBenefits.position),
      asc(membershipBenefits.id),
    );
  return groupBenefits(rows);
}

/** The customer's payments to the shop, newest first, with the total count. */
export async function listTransactionsOfCustomer(
  db: Executor,
  shopId: number,
  customerId: number,
  page: PaginationQuery,
) {
  const newestFirst = [desc(transactions.createdAt), desc(transactions.id)];
  return pageOfRows(db, transactions, ofCustomer(transactions, shopId, customerId), newestFirst, {
    limit: page.pageSize,
    offset: pageOffset(page),
  });
}

/**
 * The customer's activity: payments and redemptions merged newest first in the database, so a
 * page is cut from the combined history and never from each list separately.
 */
export async function listActivity(
  db: Executor,
  shopId: number,
  customerId: number,
  page: PaginationQuery,
) {
  const payments = db
    .select({
      source: sql<"transaction" | "redemption">`'transaction'`.as("source"),
      id: transactions.id,
      at: sql<Date>`${transactions.createdAt}`.mapWith(transactions.createdAt).as("at"),
      kind: sql<string>`${transactions.kind}`.as("kind"),
      item: sql<string>`coalesce(${transactions.offerName}, ${transactions.membershipName}, 'Membership')`.as(
        "item",
      ),
      valueCents: sql<number>`${transactions.priceCents}`.mapWith(Number).as("value_cents"),
      amountCents: sql<number | null>`${transactions.amountCents}`.as("amount_cents"),
      cashbackCents: sql<number>`${transactions.cashbackUsedCents}`
        .mapWith(Number)
        .as("cashback_cents"),
      paymentType: sql<string | null>`${transactions.paymentType}`.as("payment_type"),
      status: sql<string | null>`${transactions.status}`.as("status"),
      performedBy: sql<string>`${transactions.transactionBy}`.as("performed_by"),
    })
    .from(transactions)
    .where(and(eq(transactions.shopId, shopId), eq(transactions.customerId, customerId)));
  const redeemed = db
    .select({
      source: sql<"transaction" | "redemption">`'redemption'`.as("source"),
      id: redemptions.id,
      at: sql<Date>`${redemptions.redemptionDate}`.as("at"),
      kind: sql<string>`${redemptions.redemptionType} || '_redemption'`.as("kind"),
      item: sql<string>`${redemptions.item}`.as("item"),
      valueCents: sql<number>`${redemptions.valueCents}`.as("value_cents"),
      amountCents: sql<number | null>`null::integer`.as("amount_cents"),
      cashbackCents: sql<number>`0`.as("cashback_cents"),
      paymentType: sql<string | null>`null::varchar`.as("payment_type"),
      status: sql<string | null>`null::varchar`.as("status"),
      performedBy: sql<string>`${redemptions.performedByName}`.as("performed_by"),
    })
    .from(redemptions)
    .where(and(eq(redemptions.shopId, shopId), eq(redemptions.customerId, customerId)));
  const [rows, [count]] = await Promise.all([
    payments
      .unionAll(redeemed)
      .orderBy(sql`"at" desc`, sql`"source" desc`, sql`"id" desc`)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db
      .select({
        n: sql<number>`(
          select count(*) from ${transactions}
          where ${transactions.shopId} = ${shopId} and ${transactions.customerId} = ${customerId}
        ) + (
          select count(*) from ${redemptions}
          where ${redemptions.shopId} = ${shopId} and ${redemptions.customerId} = ${customerId}
        )`.mapWith(Number),
      })
      .from(customers)
      .where(eq(customers.id, customerId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The customer, locked until the transaction ends, so concurrent profile updates queue. */
export function lockCustomer(db: Executor, shopId: number, customerId: number) {
  return findOfShop(db, customers, shopId, customerId, { lock: true });
}

export async function updateCustomerProfile(
  db: Executor,
  customerId: number,
  values: Pick<typeof customers.$inferInsert, "firstName" | "lastName" | "phoneNumber"> &
    Partial<Pick<typeof customers.$inferInsert, "profilePicture">>,
) {
  return updateRow(db, customers, customerId, values, "customer");
}

/** The customer's chosen language, for the pages and their e-mails. */
export async function setCustomerLocale(
  db: Executor,
  shopId: number,
  customerId: number,
  locale: string,
) {
  await updateOfShop(db, customers, shopId, customerId, { locale });
}
