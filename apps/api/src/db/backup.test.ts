import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../infra/db";
import { DataDirBusyError } from "../infra/db/data-dir-channel";
import type { TestApp } from "../test/app";
import { createOffer, createTier } from "../test/factories";
import { paymentsKit } from "../test/payments-kit";
import { backupDataDir, restoreDataDir } from "./backup";

const fresh = (name: string) => mkdtempSync(join(tmpdir(), `tessera-${name}-`));

/** What a merchant and their customers would look at: compared before and after a restore. */
async function snapshot(database: DatabaseHandle) {
  const read = async (query: string) =>
    ((await database.db.execute(query as never)) as unknown as { rows: unknown[] }).rows;
  return {
    shops: await read(
      "select id, name, primary_color, fortis_id, fortis_api_key_encrypted from shops order by id",
    ),
    members: await read(
      "select customer_id, tier_id, status, expire_date from customer_memberships order by id",
    ),
    customers: await read("select id, email, first_name from customers order by id"),
    balances: await read(
      "select customer_id, sum(amount_cents)::int as cents from cashback_ledger group by customer_id order by customer_id",
    ),
    offers: await read(
      "select customer_id, offer_id, price_paid_cents, redeemed_at from customer_offers order by id",
    ),
    transactions: await read(
      "select id, amount_cents, status, provider_reference from transactions order by id",
    ),
  };
}

/**
 * `npm run db:backup` / `db:restore` on the embedded database: a copy taken from a running
 * instance (through its data folder's channel) and one taken with nobody running both restore
 * into a fresh folder with the same shop, members, balances and payments.
 */
describe("backup and restore of the embedded database", () => {
  const dataDir = fresh("backup-source");
  let t: TestApp;
  let before: Awaited<ReturnType<typeof snapshot>>;

  /** The restored folder opens on the same data the backup was taken of. */
  async function expectRestored(restoredDir: string) {
    const database = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await snapshot(database)).toEqual(before);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent-web-dist",
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "1000000",
    });
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const app = await buildApp({ config, database }, { logger: false });
    t = {
      app,
      auth: app.services.auth,
      database,
      config,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    // A shop with a member who bought a membership and an offer by card.
    const kit = paymentsKit(t, null);
    const { shopId } = await kit.connectedShop();
    const tier = await createTier(database.db, shopId);
    const offer = await createOffer(database.db, shopId);
    const who = await kit.customerOf(shopId);
    await kit.buyMembership(who, shopId, tier.id);
    await kit.buyOffer(who, shopId, offer.id);
    before = await snapshot(database);
    expect(before.members).toHaveLength(1);
    expect(before.offers).toHaveLength(1);
    expect(before.transactions).toHaveLength(2);
  }, 60_000);
  afterAll(async () => {
    await t?.close().catch(() => {});
  });

  it("keeps a second process off a data folder in use, and restores nothing over it", async () => {
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirBusyError);
    const backup = fresh("backup-target");
    await expect(restoreDataDir({ dataDir, source: backup })).rejects.toThrow(
      /not a Tessera backup/,
    );
  });

  it("backs up a running instance and restores the same shop into a fresh folder", async () => {
    const target = join(fresh("backup-running"), "backup");
    const made = await backupDataDir({ dataDir, target });
    expect(made.manifest.source).toBe("running instance");
    expect(made.manifest.rows.transactions).toBe(2);
    // The running database is busy, so a restore into it is refused.
    await expect(restoreDataDir({ dataDir, source: target })).rejects.toBeInstanceOf(
      DataDirBusyError,
    );

    const restoredDir = fresh("restored-running");
    const restored = await restoreDataDir({ dataDir: restoredDir, source: target });
    expect(restored.movedAside).toBeNull();
    // The payments secret travels with the database: the restored shop can still take cards.
    expect(readFileSync(join(restoredDir, "payments-secret"), "utf8")).toBe(
      readFileSync(join(dataDir, "payments-secret"), "utf8"),
    );
    await expectRestored(restoredDir);
  }, 60_000);

  it("backs up a stopped folder, and a restore over a database keeps the old one aside", async () => {
    await t.close();
    const target = join(fresh("backup-stopped"), "backup");
    const made = await backupDataDir({ dataDir, target });
    expect(made.manifest.source).toBe("stopped data folder");

    // Restored over a database that has other data: the old one is moved aside, not lost.
    const restoredDir = fresh("restored-stopped");
    const other = await openDatabase({ dataDir: restoredDir });
    await other.ping();
    await other.close();
    const restored = await restoreDataDir({ dataDir: restoredDir, source: target });
    expect(restored.movedAside && existsSync(restored.movedAside)).toBe(true);
    await expectRestored(restoredDir);
  }, 60_000);
});
