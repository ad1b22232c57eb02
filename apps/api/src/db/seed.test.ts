import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  checkOfferImageSize,
  checkStoreBannerSize,
  checkStoreLogoSize,
  getOfferTiming,
  todayInTimeZone,
} from "@tessera/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../infra/db";
import { verifyPassword } from "../infra/passwords";
import { createStorage, type DiskStorage } from "../infra/storage";
import { customers, membershipBenefits, membershipTiers, offers, shops, users } from "./schema";
import { demoLogins, seedDemo } from "./seed";

describe("seedDemo", () => {
  let database: DatabaseHandle;
  let storage: DiskStorage;
  beforeAll(async () => {
    // Always a fresh embedded database: seeding only happens on an empty one.
    database = await openDatabase({});
    await database.migrate();
    storage = createStorage({
      dataDir: mkdtempSync(join(tmpdir(), "tessera-seed-")),
      publicUrl: "http://localhost:3000",
    });
  });
  afterAll(() => database.close());

  /** The stored file behind a URL the seed saved, read back with its pixel size. */
  async function storedImage(url: string | null) {
    const key = url ? storage.keyFromUrl(url) : null;
    const path = key ? storage.pathOf(key) : null;
    expect(path && existsSync(path), String(url)).toBe(true);
    const { width = 0, height = 0 } = await sharp(path as string).metadata();
    return { width, height };
  }

  it("creates a verified demo merchant with a shop, tiers and offers, once", async () => {
    const now = new Date();
    const first = await seedDemo(database.db, storage, now);
    expect(first.seeded).toBe(true);
    const [owner] = await database.db.select().from(users);
    expect(owner?.email).toBe(demoLogins.merchant.email);
    expect(owner?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(owner?.passwordHash ?? "", demoLogins.merchant.password)).toBe(
      true,
    );
    const allShops = await database.db.select().from(shops);
    expect(allShops).toHaveLength(1);
    const shop = allShops[0];
    expect(shop?.primaryColor).toBe("#0099D8");
    expect(shop?.secondaryColor).toBe("#EFF6FF");
    expect(checkStoreLogoSize(await storedImage(shop?.logo ?? null))).toBeUndefined();
    expect(checkStoreBannerSize(await storedImage(shop?.banner ?? null))).toBeUndefined();
    const staff = await database.db
      .select()
      .from(users)
      .where(eq(users.email, demoLogins.staff.email));
    expect(staff[0]).toMatchObject({ shopId: shop?.id, status: "active" });
    const members = await database.db.select().from(customers);
    expect(members.map((c) => c.email).sort()).toEqual(
      demoLogins.customers.map((c) => c.email).sort(),
    );
    expect(await verifyPassword(members[0]?.passwordHash ?? "", "Demo@1234")).toBe(true);

    const tiers = await database.db.select().from(membershipTiers);
    expect(tiers.map((tier) => tier.status).sort()).toEqual(["active", "active", "inactive"]);
    const benefits = await database.db.select().from(membershipBenefits);
    for (const tier of tiers) {
      expect(benefits.filter((b) => b.tierId === tier.id).length, tier.name).toBeGreaterThan(0);
    }

    const demoOffers = await database.db.select().from(offers);
    const today = todayInTimeZone(shop?.timeZone, now);
    expect(new Set(demoOffers.map((offer) => getOfferTiming(offer, today)))).toEqual(
      new Set(["upcoming", "active", "expired"]),
    );
    for (const offer of demoOffers) {
      expect(checkOfferImageSize(await storedImage(offer.offerImage))).toBeUndefined();
    }

    expect((await seedDemo(database.db, storage)).seeded).toBe(false);
    expect(await database.db.select().from(shops)).toHaveLength(1);
    expect(await database.db.select().from(offers)).toHaveLength(demoOffers.length);
  });
});
