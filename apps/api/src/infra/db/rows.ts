import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Executor } from ".";

/** A table of rows that each belong to one shop, keyed by their own id. */
type ShopTable = PgTable & { id: PgColumn; shopId: PgColumn };

/**
 * The row with this id, if the shop owns it. Every lookup by an id that came from a request
 * names the shop too, so one shop can never reach another shop's rows by guessing ids.
 */
export function ofShop(table: ShopTable, shopId: number, id: number | string): SQL {
  return and(eq(table.shopId, shopId), eq(table.id, id)) as SQL;
}

/** A table of rows that each belong to one customer of one shop (payments, redemptions). */
type CustomerTable = PgTable & { shopId: PgColumn; customerId: PgColumn };

/** The rows of this customer in this shop. */
export function ofCustomer(table: CustomerTable, shopId: number, customerId: number): SQL {
  return and(eq(table.shopId, shopId), eq(table.customerId, customerId)) as SQL;
}

/** The first row of a select, locked FOR UPDATE (until the transaction ends) when asked. */
export async function firstRow<T>(
  query: PromiseLike<T[]> & { for(strength: "update"): PromiseLike<T[]> },
  lock = false,
) {
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** One row of the shop by its id (undefined: none, or another shop's), locked when asked. */
export function findOfShop<T extends ShopTable>(
  db: Executor,
  table: T,
  shopId: number,
  id: number | string,
  options: { lock?: boolean } = {},
): Promise<T["$inferSelect"] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(ofShop(table, shopId, id));
  return firstRow(query, options.lock);
}

/**
 * The row an insert or update returned where one must come back; a missing one is a bug,
 * not a user error. `what` names the statement: "offer insert", "membership update".
 */
export function returnedRow<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`${what} returned nothing`);
  return row;
}

/** Inserts one row and returns it as stored. `what` names the row for the error: "offer". */
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: T["$inferInsert"],
  what: string,
): Promise<T["$inferSelect"]> {
  const rows = await db.insert(table).values(values).returning();
  return returnedRow(rows, `${what} insert`);
}

/** A table of rows keyed by their own id. */
type KeyedTable = PgTable & { id: PgColumn };

/** The row with this id (undefined: none), locked FOR UPDATE when asked. */
export function findRow<T extends KeyedTable>(
  db: Executor,
  table: T,
  id: number,
  options: { lock?: boolean } = {},
): Promise<T["$inferSelect"] | undefined> {
  const query = db
    .select()
    .from(table as KeyedTable)
    .where(eq(table.id, id));
  return firstRow(query, options.lock);
}

/** Some fields of the row with this id (undefined: none), where the row itself is not needed. */
export async function findFields<T extends KeyedTable, F extends SelectedFields>(
  db: Executor,
  table: T,
  id: number,
  fields: F,
) {
  const [row] = await db
    .select(fields)
    .from(table as KeyedTable)
    .where(eq(table.id, id));
  return row;
}

/**
 * Changes one row by its id, stamping `updatedAt` where the table records when its rows
 * changed, and returns it as stored; the caller has already found the row, so a missing one
 * is a bug. `what` names the row: "shop", "webhook delivery".
 */
export async function updateRow<T extends KeyedTable>(
  db: Executor,
  table: T,
  id: number,
  values: Partial<T["$inferInsert"]>,
  what: string,
): Promise<T["$inferSelect"]> {
  const stamp = "updatedAt" in table ? { updatedAt: new Date() } : {};
  const rows = await db
    .update(table as KeyedTable)
    .set({ ...values, ...stamp })
    .where(eq(table.id, id))
    .returning();
  return returnedRow(rows as T["$inferSelect"][], `${what} update`);
}

/**
 * Changes the shop's row by its id, stamping `updatedAt` where the table records when its rows
 * changed, and returns it as stored (undefined: no such row, or another shop's).
 */
export async function updateOfShop<T extends ShopTable>(
  db: Executor,
  table: T,
  shopId: number,
  id: number,
  values: Partial<T["$inferInsert"]>,
): Promise<T["$inferSelect"] | undefined> {
  const stamp = "updatedAt" in table ? { updatedAt: new Date() } : {};
  const [row] = await db
    .update(table as ShopTable)
    .set({ ...values, ...stamp })
    .where(ofShop(table, shopId, id))
    .returning();
  return row as T["$inferSelect"] | undefined;
}

/** Removes the shop's row by its id and returns it as it was (undefined: none, or another shop's). */
export async function deleteOfShop<T extends ShopTable>(
  db: Executor,
  table: T,
  shopId: number,
  id: number,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await db
    .delete(table as ShopTable)
    .where(ofShop(table, shopId, id))
    .returning();
  return row as T["$inferSelect"] | undefined;
}

/** Changes one of the shop's rows: the row as stored, or undefined (none, or another shop's). */
export type ShopRowUpdate<T extends ShopTable, Changes> = (
  db: Executor,
  shopId: number,
  id: number,
  values: Changes,
) => Promise<T["$inferSelect"] | undefined>;

/**
 * The statements on one table of shop rows, bound to the table, so each repo names them in its
 * own words (`export const insertOffer = offerRows.insert`). `what` names a row in the error
 * when a statement that must return one does not: "offer", "webhook endpoint".
 */
export function shopTable<T extends ShopTable>(table: T, what: string) {
  type Row = T["$inferSelect"];
  type Values = T["$inferInsert"];
  type Changes = Partial<Omit<Values, "id" | "shopId">>;
  return {
    /** The shop's row (undefined: none, or another shop's), locked when asked. */
    find: (db: Executor, shopId: number, id: number | string, options: { lock?: boolean } = {}) =>
      findOfShop(db, table, shopId, id, options),
    /** The shop's row, locked until the transaction ends, so a concurrent edit or delete waits. */
    lock: (db: Executor, shopId: number, id: number) =>
      findOfShop(db, table, shopId, id, { lock: true }),
    insert: (db: Executor, values: Values): Promise<Row> => insertRow(db, table, values, what),
    update: (db: Executor, shopId: number, id: number, values: Changes): Promise<Row | undefined> =>
      updateOfShop(db, table, shopId, id, values),
    /** Changes a row the caller has already found (and so checked the shop of), by its id. */
    updateFound: (db: Executor, id: number, values: Partial<Values>): Promise<Row> =>
      updateRow(db, table, id, values, what),
    /**
     * Writes values to a row the caller has already found, by its id, as given (no stamp) and
     * without reading it back.
     */
    set: async (db: Executor, id: number | string, values: Partial<Values>): Promise<void> => {
      await db
        .update(table as ShopTable)
        .set(values)
        .where(eq(table.id, id));
    },
    /** Removes the shop's row and returns it as it was (undefined: none, or another shop's). */
    delete: (db: Executor, shopId: number, id: number) => deleteOfShop(db, table, shopId, id),
  };
}
