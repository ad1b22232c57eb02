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
import { listMembersByShop } from "../modules/members/repo";
import { memberStatusOf } from "../modules/members/service";
import {
  customers,
  membershipBenefits,
  membershipTiers,
  offers,
  redemptions,
  shops,
  transactions,
  users,
} from "./schema";
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
    const started = performance.now();
    const first = await seedDemo(database.db, storage, now);
    expect(first.seeded).toBe(true);
    console.info(`demo seed took ${Math.round(performance.now() - started)} ms`);
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
    const emails = members.map((c) => c.email);
    for (const login of demoLogins.customers) expect(emails).toContain(login.email);
    const ava = members.find((c) => c.email === demoLogins.customers[0].email);
    expect(await verifyPassword(ava?.passwordHash ?? "", "Demo@1234")).toBe(true);

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

    // About 30 members across every status, with their history.
    const rows = await listMembersByShop(database.db, shop?.id as number, {
      filter: "all",
      order: "joined",
      limit: 100,
      offset: 0,
    });
    expect(rows.length).toBeGreaterThanOrEqual(28);
    const statuses = new Set(
      rows.map((row) => memberStatusOf(row.customer.isDisabled, row.membership?.status ?? null)),
    );
    expect(statuses).toEqual(new Set(["active", "inactive", "cancelled", "disabled"]));
    const paymentTypes = new Set(rows.map((row) => row.membership?.paymentType));
    expect(paymentTypes).toContain("pos");
    expect(paymentTypes).toContain("cash");
    expect(rows.some((row) => row.membership?.status === "pending")).toBe(true);
    for (const row of rows) expect(Number(row.balanceCents)).toBeGreaterThanOrEqual(0);
    const kinds = new Set(
      (await database.db.select().from(redemptions)).map((r) => r.redemptionType),
    );
    expect(kinds).toEqual(new Set(["benefit", "offer", "cashback"]));
    expect((await database.db.select().from(transactions)).length).toBeGreaterThan(30);
    const shopStaff = await database.db
      .select()
      .from(users)
      .where(eq(users.shopId, shop?.id as number));
    expect(shopStaff.map((u) => u.status).sort()).toEqual(["active", "inactive"]);

    expect((await seedDemo(database.db, storage)).seeded).toBe(false);
    expect(await database.db.select().from(shops)).toHaveLength(1);
    expect(await database.db.select().from(offers)).toHaveLength(demoOffers.length);
  });
});
