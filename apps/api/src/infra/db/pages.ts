import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from ".";

/** How many of the table's rows match `where`. */
export async function countRows(db: Executor, table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Which rows of a list one page shows: how many to skip and how many to take. */
export type RowPage = { limit: number; offset: number };

/** One page of the table's rows that match `where`, in `order`. */
export async function rowsOnPage<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: RowPage,
): Promise<T["$inferSelect"][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return rows as T["$inferSelect"][];
}

/**
 * One page of the table's rows that match `where`, in `order`, with how many match in all
 * (for the page count); both are read at once.
 */
export async function pageOfRows<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: RowPage,
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const [rows, total] = await Promise.all([
    rowsOnPage(db, table, where, order, page),
    countRows(db, table, where),
  ]);
  return { rows, total };
}
