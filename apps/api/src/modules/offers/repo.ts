import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import {
  customerOffers,
  type NewOffer,
  type Offer,
  offers,
  shops,
  transactions,
} from "../../db/schema";
import type { Database, Executor } from "../../infra/db";
import { countRows } from "../../infra/db/pages";
import { shopTable } from "../../infra/db/rows";

export type OfferTiming = "upcoming" | "active" | "expired";

/** What a timing means for the dates, given the shop's calendar day `today`. */
function timingCondition(timing: OfferTiming, today: string): SQL | undefined {
  if (timing === "upcoming") return gt(offers.startDate, today);
  if (timing === "expired") return lt(offers.endDate, today);
  return and(lte(offers.startDate, today), gte(offers.endDate, today));
}

/**
 * The shop's offers that were not deleted, for the merchant's tabs: upcoming by start date,
 * active ending soonest first, expired most recently ended first; without a timing, newest
 * start first.
 */
export async function listOffersOfShop(
  db: Executor,
  shopId: number,
  options: { today: string; timing?: OfferTiming | undefined },
): Promise<Offer[]> {
  const conditions = [eq(offers.shopId, shopId), eq(offers.status, "active")];
  const order = {
    upcoming: [asc(offers.startDate), asc(offers.id)],
    active: [asc(offers.endDate), asc(offers.id)],
    expired: [desc(offers.endDate), desc(offers.id)],
    all: [desc(offers.startDate), desc(offers.id)],
  }[options.timing ?? "all"];
  if (options.timing) {
    const condition = timingCondition(options.timing, options.today);
    if (condition) conditions.push(condition);
  }
  return db
    .select()
    .from(offers)
    .where(and(...conditions))
    .orderBy(...order);
}

function prepareStorefrontOffers(db: Database) {
  return db
    .select({
      timeZone: shops.timeZone,
      offer: {
        id: offers.id,
        offerName: offers.offerName,
        description: offers.description,
        redemptionInstructions: offers.redemptionInstructions,
        originalPriceCents: offers.originalPriceCents,
        offerPriceCents: offers.offerPriceCents,
        isLimited: offers.isLimited,
        quantity: offers.quantity,
        isLimitedPerUser: offers.isLimitedPerUser,
        limitPerUser: offers.limitPerUser,
        hasValidity: offers.hasValidity,
        validityDays: offers.validityDays,
        startDate: offers.startDate,
        endDate: offers.endDate,
        offerImage: offers.offerImage,
      },
    })
    .from(shops)
    .leftJoin(
      offers,
      and(
        eq(offers.shopId, shops.id),
        eq(offers.status, "active"),
        lte(offers.startDate, sql.placeholder("latest")),
        gte(offers.endDate, sql.placeholder("earliest")),
      ),
    )
    .where(eq(shops.id, sql.placeholder("shopId")))
    .orderBy(asc(offers.endDate), asc(offers.id))
    .prepare("storefront_running_offers");
}

export type StorefrontOffer = NonNullable<
  Awaited<ReturnType<ReturnType<typeof prepareStorefrontOffers>["execute"]>>[number]["offer"]
>;

// One prepared statement per database: planned once per connection, not on every request.
const storefrontStatements = new WeakMap<Database, ReturnType<typeof prepareStorefrontOffers>>();

/**
 * The shop's time zone and its offers that were not deleted and run on some day from `earliest`
 * to `latest`, in one query; undefined when the shop does not exist. The caller narrows them to
 * the shop's today (which it can only know with the time zone), so the window only needs to
 * contain every zone's today: the UTC date ± 1 day.
 */
export async function findShopWithOffersAround(
  db: Database,
  shopId: number,
  window: { earliest: string; latest: string },
): Promise<{ timeZone: string; offers: StorefrontOffer[] } | undefined> {
  let statement = storefrontStatements.get(db);
  if (!statement) {
    statement = prepareStorefrontOffers(db);
    storefrontStatements.set(db, statement);
  }
  const rows = await statement.execute({ shopId, ...window });
  const first = rows[0];
  if (!first) return undefined;
  return {
    timeZone: first.timeZone,
    offers: rows.flatMap((row) => (row.offer ? [row.offer] : [])),
  };
}

const offerRows = shopTable(offers, "offer");

export const findOfferById = offerRows.find;
/** The offer, locked until the transaction ends, so a concurrent edit or delete waits. */
export const lockOffer = offerRows.lock;
export const insertOffer = offerRows.insert;
export const deleteOffer = offerRows.delete;

export async function updateOffer(
  db: Executor,
  shopId: number,
  id: number,
  values: Partial<Omit<NewOffer, "id" | "shopId">>,
) {
  const row = await offerRows.update(db, shopId, id, values);
  if (!row) throw new Error("offer update returned nothing");
  return row;
}

/** The shop's offers that were not deleted, counted by their timing on `today`. */
export async function countOffersByTiming(db: Executor, shopId: number, today: string) {
  const [row] = await db
    .select({
      upcoming: count(sql`case when ${offers.startDate} > ${today} then 1 end`),
      expired: count(sql`case when ${offers.endDate} < ${today} then 1 end`),
      total: count(),
    })
    .from(offers)
    .where(and(eq(offers.shopId, shopId), eq(offers.status, "active")));
  const upcoming = row?.upcoming ?? 0;
  const expired = row?.expired ?? 0;
  return { upcoming, expired, active: (row?.total ?? 0) - upcoming - expired };
}

export type OfferSales = { soldCount: number; purchaseCount: number; revenueCents: number };

/** How many purchases an offer has had, refunded ones included (an offer with sales is kept). */
export async function countSalesOfOffer(
  db: Executor,
  shopId: number,
  offerId: number,
): Promise<number> {
  const where = and(eq(customerOffers.shopId, shopId), eq(customerOffers.offerId, offerId));
  return countRows(db, customerOffers, where);
}

/** The shop's offer purchases that went through (the sales that count), and `also`. */
function offerSales(shopId: number, ...also: SQL[]) {
  return and(
    eq(transactions.shopId, shopId),
    eq(transactions.kind, "offer_purchase"),
    eq(transactions.status, "succeeded"),
    ...also,
  );
}

/** What the sales brought in, in cents: the amount paid plus the cashback used. */
const offerRevenue = sql<string>`coalesce(sum(${transactions.amountCents} + ${transactions.cashbackUsedCents}), 0)`;

/** Units sold, purchases and revenue per offer (offer id → figures; missing means none). */
export async function findSalesByOffer(
  db: Executor,
  shopId: number,
  offerIds: readonly number[],
): Promise<Map<number, OfferSales>> {
  const map = new Map<number, OfferSales>();
  if (offerIds.length === 0) return map;
  const rows = await db
    .select({
      offerId: transactions.offerId,
      sold: count(),
      revenue: offerRevenue,
    })
    .from(transactions)
    .where(offerSales(shopId, inArray(transactions.offerId, [...offerIds])))
    .groupBy(transactions.offerId);
  for (const row of rows) {
    if (row.offerId === null) continue;
    map.set(row.offerId, {
      soldCount: row.sold,
      purchaseCount: row.sold,
      revenueCents: Number(row.revenue),
    });
  }
  return map;
}

/** The shop's offer sales in [start, end): units sold and revenue in cents. */
export async function sumOfferSalesBetween(
  db: Executor,
  shopId: number,
  start: Date,
  end: Date,
): Promise<{ soldCount: number; revenueCents: number }> {
  const [row] = await db
    .select({
      sold: count(),
      revenue: offerRevenue,
    })
    .from(transactions)
    .where(offerSales(shopId, gte(transactions.createdAt, start), lt(transactions.createdAt, end)));
  return { soldCount: row?.sold ?? 0, revenueCents: Number(row?.revenue ?? 0) };
}
