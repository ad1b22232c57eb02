import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyServerOptions } from "fastify";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../infra/db";

/**
 * A real application on a real database: PostgreSQL when DATABASE_URL is set (CI runs the suite
 * there too), otherwise a fresh in-memory PGlite per test file.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    logger?: FastifyServerOptions["logger"];
    /** A clock the test controls (offer timing, periods). */
    now?: () => Date;
  } = {},
) {
  const config = loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "false",
    WEB_DIST: "/nonexistent-web-dist",
    // Uploads land in a throwaway folder, never in the working tree.
    DATA_DIR: mkdtempSync(join(tmpdir(), "tessera-test-")),
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    ...options.env,
  });
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 4,
  });
  await database.migrate();
  const app = await buildApp(
    { config, database, ...(options.now ? { now: options.now } : {}) },
    { logger: options.logger ?? false },
  );
  return {
    app,
    auth: app.services.auth,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
