import { join } from "node:path";
import { ConfigError, loadConfig } from "../config";
import { backupDataDir, restoreDataDir } from "./backup";

/**
 * `npm run db:backup [-- <folder>]` and `npm run db:restore -- <folder>` for the embedded
 * database in DATA_DIR. With DATABASE_URL set, PostgreSQL's own pg_dump and pg_restore apply.
 */
const [command, folder] = process.argv.slice(2);

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      "DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc and restore with pg_restore (see README, Deploying).",
    );
  }
  if (command === "backup") {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace(/Z$/, "");
    const target = folder ?? join("backups", `tessera-${stamp}`);
    const done = await backupDataDir({ dataDir: config.dataDir, target });
    const rows = Object.entries(done.manifest.rows).map(([table, n]) => `${n} ${table}`);
    console.log(
      `Backup written to ${done.target} (${Math.round(done.bytes / 1024)} KiB, from the ${done.manifest.source}): ${rows.join(", ")}.`,
    );
    console.log("Copy the uploads (DATA_DIR/uploads, or the S3 bucket) alongside it.");
  } else if (command === "restore") {
    if (!folder) throw new Error("Name the backup folder: npm run db:restore -- <folder>");
    const done = await restoreDataDir({ dataDir: config.dataDir, source: folder });
    if (done.movedAside) console.log(`The previous database was moved to ${done.movedAside}.`);
    console.log(
      `Restored the backup of ${done.manifest.createdAt} into ${done.dataDir}; row counts match.`,
    );
  } else {
    throw new Error("Usage: backup-cli.ts backup [folder] | restore <folder>");
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : ((error as Error).message ?? String(error)),
  );
  process.exit(1);
}
