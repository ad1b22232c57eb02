import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { openDatabase } from "../infra/db";
import { channelPath, DataDirBusyError, requestBackup } from "../infra/db/data-dir-channel";

/**
 * Backups of the embedded database (PGlite). A backup is a folder:
 * - `database.tar.gz`: the database folder as PGlite dumps it, taken between transactions;
 * - `payments-secret`: the secret that opens the merchants' provider keys, when it is kept in
 *   the data folder (without it a restored shop could not take payments);
 * - `manifest.json`: when, from where, and the row counts checked after a restore.
 * Uploads are files written once under DATA_DIR/uploads (or in S3): copy them alongside.
 */

export const DATABASE_ARCHIVE = "database.tar.gz";
const SECRET_FILE = "payments-secret";
const MANIFEST = "manifest.json";

export type Manifest = {
  format: 1;
  createdAt: string;
  dataDir: string;
  /** How the copy was made: asked of the running instance, or read with nobody running. */
  source: "running instance" | "stopped data folder";
  rows: Record<string, number>;
};

/** Tables whose counts the manifest keeps, so a restore can be checked against the backup. */
const COUNTED = [
  "shops",
  "users",
  "customers",
  "customer_memberships",
  "customer_offers",
  "transactions",
  "cashback_ledger",
  "redemptions",
] as const;

async function countRows(client: PGlite): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/** Opens an archive in memory (never on disk) to count its rows. */
async function countArchive(archive: Uint8Array): Promise<Record<string, number>> {
  const client = await PGlite.create({
    loadDataDir: new Blob([archive as Uint8Array<ArrayBuffer>]),
    extensions: { pg_trgm },
  });
  try {
    return await countRows(client);
  } finally {
    await client.close();
  }
}

/**
 * Writes a backup of DATA_DIR's database into `target` (a new folder). With Tessera running on
 * that folder, the running instance makes the copy; stopped, the folder is opened here, and held
 * meanwhile so Tessera cannot start on it halfway.
 */
export async function backupDataDir(options: { dataDir: string; target: string }) {
  const dataDir = resolve(options.dataDir);
  if (!existsSync(join(dataDir, "db"))) {
    throw new Error(`There is no database in ${dataDir} to back up.`);
  }
  const target = resolve(options.target);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} is not empty; choose a new folder for the backup.`);
  }
  let archive = await requestBackup(dataDir);
  let source: Manifest["source"] = "running instance";
  if (!archive) {
    source = "stopped data folder";
    const database = await openDatabase({ dataDir });
    try {
      archive = await (database.backup as () => Promise<Uint8Array>)();
    } finally {
      await database.close();
    }
  }
  const rows = await countArchive(archive);
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, DATABASE_ARCHIVE), archive, { mode: 0o600 });
  const secret = join(dataDir, SECRET_FILE);
  if (existsSync(secret)) {
    writeFileSync(join(target, SECRET_FILE), readFileSync(secret), { mode: 0o600 });
  }
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dataDir,
    source,
    rows,
  };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { target, manifest, bytes: archive.byteLength };
}

/** Whether a process answers on the folder's channel (Tessera running on it). */
async function inUse(dataDir: string): Promise<boolean> {
  const { createConnection } = await import("node:net");
  return new Promise((answer) => {
    const socket = createConnection(channelPath(dataDir));
    socket.once("connect", () => {
      socket.destroy();
      answer(true);
    });
    socket.once("error", () => answer(false));
  });
}

/**
 * Restores a backup into DATA_DIR. Tessera must be stopped. A database already there is not
 * deleted: it is moved aside to `db.before-restore-<time>` (and its payments secret with it).
 * The restored database is opened and its row counts checked against the manifest.
 */
export async function restoreDataDir(options: { dataDir: string; source: string }) {
  const dataDir = resolve(options.dataDir);
  const source = resolve(options.source);
  const archivePath = join(source, DATABASE_ARCHIVE);
  if (!existsSync(archivePath)) {
    throw new Error(`${source} is not a Tessera backup (no ${DATABASE_ARCHIVE} in it).`);
  }
  const manifest = JSON.parse(readFileSync(join(source, MANIFEST), "utf8")) as Manifest;
  if (await inUse(dataDir)) throw new DataDirBusyError(dataDir);

  mkdirSync(dataDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dbDir = join(dataDir, "db");
  let movedAside: string | null = null;
  if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
    movedAside = join(dataDir, `db.before-restore-${stamp}`);
    renameSync(dbDir, movedAside);
  }
  const secretPath = join(dataDir, SECRET_FILE);
  const backupSecret = join(source, SECRET_FILE);
  if (existsSync(backupSecret)) {
    if (existsSync(secretPath)) renameSync(secretPath, `${secretPath}.before-restore-${stamp}`);
    writeFileSync(secretPath, readFileSync(backupSecret), { mode: 0o600 });
  }

  mkdirSync(dbDir, { recursive: true });
  const client = await PGlite.create(dbDir, {
    loadDataDir: new Blob([readFileSync(archivePath)]),
    extensions: { pg_trgm },
  });
  let rows: Record<string, number>;
  try {
    rows = await countRows(client);
  } finally {
    await client.close();
  }
  for (const table of COUNTED) {
    if (rows[table] !== manifest.rows[table]) {
      throw new Error(
        `The restored database has ${rows[table]} ${table} where the backup recorded ${manifest.rows[table]}.`,
      );
    }
  }
  return { dataDir, movedAside, manifest, rows };
}
