import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { migrationsFolder } from "../../paths";
import { createCopyValues } from "./copy";
import { holdDataDir } from "./data-dir-channel";
import { isRetryableConflict } from "./errors";

export type Schema = typeof schema;
/** One type for both drivers: features never know which one runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A repo function takes either the database or an open transaction. */
export type Executor = Database | Transaction;

/** Rows of a raw query, on node-postgres and PGlite alike. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The advisory lock key the migrations run under (any fixed number, Tessera's own). */
const MIGRATION_LOCK = 727_100_001;

/** How many times a top-level transaction runs before a deadlock reaches the caller. */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Makes every top-level transaction retry when PostgreSQL rolls it back for a deadlock or a
 * serialization failure. Money paths take their locks in one order (docs/money-safety.md), so
 * a deadlock should not happen; if one still does, the request waits a little and runs again
 * instead of answering 500. Nested transactions (savepoints) are not retried on their own:
 * the whole top-level transaction is.
 */
export function retryTransactions(db: Database, attempts = TRANSACTION_ATTEMPTS): Database {
  const run = db.transaction.bind(db);
  const transaction: Database["transaction"] = async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(work, config);
      } catch (error) {
        if (attempt >= attempts || !isRetryableConflict(error)) throw error;
        // Jittered back-off, so the two sides of a deadlock do not collide again in step.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };
  db.transaction = transaction;
  return db;
}

export type DatabaseHandle = {
  db: Database;
  driver: "postgres" | "pglite";
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * LISTENs on a channel: `pg_notify` payloads arrive after their transaction commits, on every
   * instance using this database. Returns the function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * Streams the values of a one-column text query as bytes (PostgreSQL's COPY), for exports too
   * big to read as rows. Absent on PGlite, where callers read in batches instead.
   */
  copyValues?: (query: SQLWrapper) => Promise<Readable>;
  /** The connection pool's figures, for metrics (PostgreSQL only). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * A consistent copy of the embedded database's folder (a gzipped tar PGlite loads back), made
   * between transactions. Only on PGlite with a data folder; PostgreSQL has pg_dump.
   */
  backup?: () => Promise<Uint8Array>;
};

export type DatabaseOptions = {
  /** node-postgres connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; omitted means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" });
    return {
      db: retryTransactions(db as unknown as Database),
      driver: "postgres",
      // Instances starting together must not run the migrations twice at once: the first
      // takes a session advisory lock, the others wait and then find nothing left to do.
      // The lock is held on a connection of its own: the pool may have room for only one.
      migrate: async () => {
        const lock = new pg.Client({ connectionString: options.databaseUrl });
        await lock.connect();
        try {
          await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migrateNodePg(db, { migrationsFolder });
        } finally {
          await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
          await lock.end().catch(() => {});
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      copyValues: createCopyValues(pool, "snake_case"),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      listen: async (channel, onPayload) => {
        // LISTEN needs a connection of its own for as long as it listens.
        const client = new pg.Client({ connectionString: options.databaseUrl });
        client.on("error", () => {});
        await client.connect();
        client.on("notification", (message) => {
          if (message.channel === channel && message.payload !== undefined) {
            onPayload(message.payload);
          }
        });
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          await client.end().catch(() => {});
        };
      },
    };
  }

  // The members search's trigram index (migration 0004) needs pg_trgm loaded into PGlite.
  const extensions = { pg_trgm };
  let client: PGlite;
  let release = async () => {};
  if (options.dataDir) {
    const dir = join(options.dataDir, "db");
    mkdirSync(dir, { recursive: true });
    // Taken before PGlite opens the files, so a second process fails before it can touch them.
    const held = await holdDataDir(options.dataDir, { backup: () => backup() });
    release = held.release;
    try {
      client = await PGlite.create(dir, { extensions });
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  const backup = () => backupPglite(client);
  return {
    db: db as unknown as Database,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      await release();
    },
    ...(options.dataDir ? { backup } : {}),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        await unlisten().catch(() => {});
      };
    },
  };
}

/**
 * Writes everything to the files (CHECKPOINT), waits until no transaction is open and packs the
 * folder while queries wait: the copy holds exactly the committed transactions, and PGlite opens
 * it as it would after a stop.
 */
async function backupPglite(client: PGlite): Promise<Uint8Array> {
  // No query may run inside the exclusive section (PGlite would wait on itself): the checkpoint
  // comes first, and whatever commits between it and the copy is in the write-ahead log.
  await client.exec("CHECKPOINT");
  const archive = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  return new Uint8Array(await archive.arrayBuffer());
}
