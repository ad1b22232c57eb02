import { eq, sql } from "drizzle-orm";
import { type NewShop, shops } from "../../db/schema";
import type { Database, Executor } from "../../infra/db";
import { findFields, findRow, insertRow, updateRow } from "../../infra/db/rows";

export function findShopById(db: Executor, id: number) {
  return findRow(db, shops, id);
}

function prepareFindShop(db: Database) {
  return db
    .select()
    .from(shops)
    .where(eq(shops.id, sql.placeholder("id")))
    .limit(1)
    .prepare("storefront_shop");
}

// The storefront reads the shop on every visit: one prepared statement per database, planned once
// per connection.
const findShopStatements = new WeakMap<Database, ReturnType<typeof prepareFindShop>>();

/** `findShopById` for the public storefront, as a prepared statement. */
export async function findStorefrontShop(db: Database, id: number) {
  let statement = findShopStatements.get(db);
  if (!statement) {
    statement = prepareFindShop(db);
    findShopStatements.set(db, statement);
  }
  const [shop] = await statement.execute({ id });
  return shop;
}

export async function findShopByOwner(db: Executor, ownerId: number) {
  const [shop] = await db.select().from(shops).where(eq(shops.ownerId, ownerId)).limit(1);
  return shop;
}

export async function insertShop(db: Executor, values: NewShop) {
  return insertRow(db, shops, values, "shop");
}

/** The shop's time zone (its calendar days and periods), or undefined for an unknown shop. */
export async function findShopTimeZone(db: Executor, id: number) {
  const shop = await findFields(db, shops, id, { timeZone: shops.timeZone });
  return shop?.timeZone;
}

/** The shop, locked until the transaction ends, so concurrent updates apply one after another. */
export function lockShop(db: Executor, id: number) {
  return findRow(db, shops, id, { lock: true });
}

export async function updateShop(
  db: Executor,
  id: number,
  // An undefined value leaves the column as it is (Drizzle leaves it out of the SET).
  values: { [K in keyof Omit<NewShop, "id" | "ownerId">]?: NewShop[K] | undefined },
) {
  return updateRow(db, shops, id, values, "shop");
}
