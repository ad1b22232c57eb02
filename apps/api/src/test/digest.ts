import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../infra/db";

/**
 * Row count and digest of everything that belongs to one shop, table by table: two equal
 * digests mean nothing of the shop was written in between. Scoped to the shop, so other test
 * files writing to the same PostgreSQL database do not disturb it. `delivered_at` is left out:
 * live delivery stamps it in the background; so is `last_used_at`, an API key's use (not a change).
 */
export async function shopDigest(db: Database, shopId: number): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.columns
        where column_name = 'shop_id' and table_schema = current_schema() order by table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ n: number; h: string }>(
      db,
      sql.raw(`select count(*)::int as n,
        coalesce(md5(string_agg((to_jsonb(x) - 'delivered_at' - 'last_used_at')::text, '|'
          order by (to_jsonb(x) - 'delivered_at' - 'last_used_at')::text)), '') as h
        from "${table_name}" x where shop_id = ${Number(shopId)}`),
    );
    parts.push(`${table_name}:${row?.n}:${row?.h}`);
  }
  const [shop] = await queryRows<{ h: string }>(
    db,
    sql`select md5(to_jsonb(s)::text) as h from shops s where id = ${shopId}`,
  );
  parts.push(`shops:${shop?.h}`);
  return parts.join("\n");
}
