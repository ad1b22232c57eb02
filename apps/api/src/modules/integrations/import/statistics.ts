import { sql } from "drizzle-orm";
import type { Executor } from "../../../infra/db";

/**
 * The import's planner statistics. PostgreSQL's come from samples autovacuum takes after a share
 * of a table has changed; a large import changes most of several tables within a minute, and the
 * plans made on the old samples cost most of its time (docs/benchmarks.md, issue 18).
 */

/**
 * Rows written after which the statistics of the tables the import grows are refreshed: as many
 * as the members table held at the last refresh (so a shop's size at most doubles on stale
 * statistics, and a file costs a handful of refreshes however large), at least this many.
 */
const ANALYZE_AFTER_MIN = 1_000;

/**
 * The tables a large import grows, and the rollup tables its memberships' triggers read: their
 * planner statistics, taken before the import, describe a shop a fraction of the size, and the
 * rollups' recomputations then scan whole tables for each batch (docs/benchmarks.md, issue 18).
 */
const GROWN_BY_IMPORT = [
  "customers",
  "customer_memberships",
  "cashback_ledger",
  "analytics_cohort_members",
  "analytics_member_months",
  "analytics_standings",
];

/**
 * Fresh statistics for the staged rows, which the upload has just written: on the stale ones
 * (a table of a few rows) the job's read of its next batch took a bitmap scan of every row
 * after it, sorted, instead of the first ones in key order: a read per batch growing with the
 * file, 30 % of a 100,000-row job (docs/benchmarks.md, issue 18).
 */
export async function analyzeStagedRows(db: Executor) {
  await db.execute(sql`analyze member_import_rows`);
}

/** The planner's estimate of the members table's size (no scan: the statistics' own figure). */
async function estimatedCustomers(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'customers'::regclass`,
  );
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
}

/** Fresh statistics for the tables an import grows (sampled: a fraction of a second each). */
async function analyzeGrownTables(db: Executor) {
  await db.execute(sql.raw(`analyze ${GROWN_BY_IMPORT.join(", ")}`));
}

/**
 * Keeps the planner's statistics of the tables the import grows current while it runs: on
 * stale ones (a shop of a few members that now has tens of thousands) the rollup triggers'
 * recomputation of each batch's members chose whole-table scans, and most of a large import's
 * time went there (docs/benchmarks.md, issue 18). Autovacuum refreshes them too late, or not at
 * all where it is off. A refresh runs beside the next batches, on a connection of its own
 * (`ANALYZE` blocks no write), instead of holding the job up for its fraction of a second.
 */
export async function staleStatistics(db: Executor) {
  let threshold = Math.max(ANALYZE_AFTER_MIN, await estimatedCustomers(db));
  let written = 0;
  let running: Promise<void> | null = null;
  let failed: unknown = null;
  async function refresh() {
    await analyzeGrownTables(db);
    threshold = Math.max(ANALYZE_AFTER_MIN, await estimatedCustomers(db));
  }
  function rethrow() {
    if (failed !== null) throw failed;
  }
  return {
    async wrote(rows: number) {
      rethrow();
      written += rows;
      if (written < threshold || running) return;
      written = 0;
      running = refresh()
        .catch((error: unknown) => {
          failed = error;
        })
        .finally(() => {
          running = null;
        });
    },
    /** After the last batch: the reads that follow an import (and a re-import's) plan right. */
    async finish() {
      await running;
      rethrow();
      if (written >= ANALYZE_AFTER_MIN) await refresh();
    },
  };
}
