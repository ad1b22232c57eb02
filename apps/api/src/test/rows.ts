import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../infra/db";

/** A table of rows keyed by their own id. */
type KeyedTable = PgTable & { id: PgColumn };

/** The row with this id as the database holds it now (undefined: none). */
export async function storedRow<T extends KeyedTable>(
  db: Database,
  table: T,
  id: number,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await db
    .select()
    .from(table as KeyedTable)
    .where(eq(table.id, id));
  return row as T["$inferSelect"] | undefined;
}
