import { addDays, DEFAULT_TIME_ZONE, todayInTimeZone } from "@tessera/shared";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../infra/db";
import { loadSharp } from "../infra/lazy-packages";
import { hashPassword } from "../infra/passwords";
import type { Storage, StoredFile } from "../infra/storage";
import { customers, membershipBenefits, membershipTiers, offers, shops, users } from "./schema";
import { seedMembers } from "./seed-members";

export const demoLogins = {
  merchant: { email: "owner@demo-shop.test", password: "Demo@1234" },
  staff: { email: "staff@demo-shop.test", password: "Demo@1234" },
  customers: [
    { email: "ava@demo-customer.test", password: "Demo@1234" },
    { email: "leo@demo-customer.test", password: "Demo@1234" },
  ],
} as const;

export type SeedResult = { seeded: false } | { seeded: true; shopId: number };

/** A picture drawn from shapes (no fonts needed): a two-colour gradient with a few circles. */
async function drawPicture(
  width: number,
  height: number,
  colors: [string, string],
  seed: number,
): Promise<Buffer> {
  const circles = [0, 1, 2]
    .map((i) => {
      const r = Math.round(Math.min(width, height) * (0.18 + 0.08 * ((seed + i) % 3)));
      const cx = Math.round(width * (0.2 + 0.3 * i) + ((seed * 37) % 40));
      const cy = Math.round(height * (0.35 + 0.2 * ((seed + i) % 2)));
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${0.12 + 0.08 * i}"/>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${circles}
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function savePicture(
  storage: Storage,
  folder: string,
  size: [number, number],
  colors: [string, string],
  seed: number,
): Promise<StoredFile> {
  const buffer = await drawPicture(size[0], size[1], colors, seed);
  return storage.save(buffer, { extension: "jpg", contentType: "image/jpeg", folder });
}

/** Three tiers (one archived) with benefits, and offers upcoming, running and expired. */
async function seedCatalogue(
  tx: Transaction,
  shopId: number,
  storage: Storage,
  saved: StoredFile[],
  now: Date,
) {
  const tiers = [
    {
      name: "Bronze",
      description: "A coffee a month on us, and cashback on every visit.",
      priceCents: 999,
      cashbackRewardCents: 200,
      renewal: "monthly" as const,
      rewardFrequency: "monthly" as const,
      status: "active" as const,
      benefits: [
        { name: "Free filter coffee", worthCents: 350 },
        { name: "10% off pastries", worthCents: 300 },
      ],
    },
    {
      name: "Gold",
      description: "For regulars: weekly treats, beans to take home and the biggest cashback.",
      priceCents: 19900,
      cashbackRewardCents: 2500,
      renewal: "yearly" as const,
      rewardFrequency: "monthly" as const,
      status: "active" as const,
      benefits: [
        { name: "Free specialty drink", worthCents: 550 },
        { name: "Bag of house beans", worthCents: 1400 },
        { name: "Free pastry", worthCents: 400 },
      ],
    },
    {
      name: "Founders Club",
      description: "Our launch plan, no longer offered to new members.",
      priceCents: 1499,
      cashbackRewardCents: 300,
      renewal: "monthly" as const,
      rewardFrequency: "monthly" as const,
      status: "inactive" as const,
      benefits: [{ name: "Free cold brew", worthCents: 450 }],
    },
  ];
  for (const { benefits, ...tier } of tiers) {
    const [row] = await tx
      .insert(membershipTiers)
      .values({ shopId, ...tier })
      .returning({ id: membershipTiers.id });
    if (!row) throw new Error("demo tier was not created");
    await tx
      .insert(membershipBenefits)
      .values(benefits.map((b, position) => ({ ...b, tierId: row.id, shopId, position })));
  }

  const today = todayInTimeZone(DEFAULT_TIME_ZONE, now);
  const demoOffers = [
    {
      offerName: "Two-for-one lattes",
      description: "Bring a friend: two lattes for the price of one, any size.",
      redemptionInstructions: "Show this offer at the counter before paying.",
      originalPriceCents: 1100,
      offerPriceCents: 550,
      isLimited: true,
      quantity: 200,
      isLimitedPerUser: true,
      limitPerUser: 2,
      startDate: addDays(today, -3),
      endDate: addDays(today, 14),
      colors: ["#0099D8", "#0B3C5D"] as [string, string],
    },
    {
      offerName: "Pastry box",
      description: "Six freshly baked pastries, picked by our bakers this morning.",
      redemptionInstructions: "Collect from the pastry counter.",
      originalPriceCents: 1800,
      offerPriceCents: 1200,
      hasValidity: true,
      validityDays: 7,
      startDate: today,
      endDate: addDays(today, 1),
      colors: ["#F59E0B", "#B45309"] as [string, string],
    },
    {
      offerName: "Autumn beans sale",
      description: "Our seasonal single origin, 250 g bags at a members' price.",
      redemptionInstructions: "Ask for the seasonal beans at the till.",
      originalPriceCents: 1600,
      offerPriceCents: 1100,
      startDate: addDays(today, 7),
      endDate: addDays(today, 30),
      colors: ["#84CC16", "#3F6212"] as [string, string],
    },
    {
      offerName: "Summer cold brew",
      description: "Large cold brew with oat milk, all summer long.",
      redemptionInstructions: null,
      originalPriceCents: null,
      offerPriceCents: 400,
      startDate: addDays(today, -60),
      endDate: addDays(today, -10),
      colors: ["#A855F7", "#4C1D95"] as [string, string],
    },
  ];
  let seed = 0;
  for (const { colors, ...offer } of demoOffers) {
    const image = await savePicture(storage, "offers", [340, 220], colors, seed++);
    saved.push(image);
    await tx.insert(offers).values({ shopId, ...offer, offerImage: image.url });
  }
}

/**
 * On a fresh database, creates a demo merchant with a verified e-mail, a shop with a logo and a
 * banner, staff (one active, one invited), about 30 members with their history, membership tiers
 * and offers (images drawn and kept in `storage`) so that `npm start`
 * shows a working product at once. Never touches a database that has users.
 */
export async function seedDemo(
  db: Database,
  storage: Storage,
  now: Date = new Date(),
): Promise<SeedResult> {
  const saved: StoredFile[] = [];
  try {
    return await seedInTransaction(db, storage, saved, now);
  } catch (error) {
    await Promise.all(saved.map((file) => storage.remove(file.key).catch(() => {})));
    throw error;
  }
}

async function seedInTransaction(
  db: Database,
  storage: Storage,
  saved: StoredFile[],
  now: Date,
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts against one PostgreSQL database.
    await tx.execute(sql`select pg_advisory_xact_lock(727371)`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return { seeded: false };

    const [owner] = await tx
      .insert(users)
      .values({
        email: demoLogins.merchant.email,
        firstName: "Dana",
        lastName: "Fields",
        passwordHash: await hashPassword(demoLogins.merchant.password),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!owner) throw new Error("demo owner was not created");

    const logo = await savePicture(storage, "shops", [200, 200], ["#0099D8", "#0B3C5D"], 7);
    saved.push(logo);
    const banner = await savePicture(storage, "shops", [502, 270], ["#0B3C5D", "#0099D8"], 3);
    saved.push(banner);
    const [shop] = await tx
      .insert(shops)
      .values({
        ownerId: owner.id,
        name: "Corner Coffee Co.",
        industry: "Hospitality",
        tagline: "Fresh roasts, friendly faces, rewards every month.",
        fontStyle: "Poppins",
        logo: logo.url,
        banner: banner.url,
      })
      .returning({ id: shops.id });
    if (!shop) throw new Error("demo shop was not created");

    const passwordHash = await hashPassword(demoLogins.staff.password);
    const verifiedAt = new Date();
    await tx.insert(users).values({
      email: demoLogins.staff.email,
      firstName: "Sam",
      lastName: "Rivera",
      shopId: shop.id,
      role: "Barista",
      status: "active",
      passwordHash,
      emailVerifiedAt: verifiedAt,
    });
    const [ava, leo] = demoLogins.customers;
    await tx.insert(customers).values([
      {
        shopId: shop.id,
        email: ava.email,
        firstName: "Ava",
        lastName: "Chen",
        phoneNumber: "+12025550143",
        passwordHash,
        emailVerifiedAt: verifiedAt,
      },
      {
        shopId: shop.id,
        email: leo.email,
        firstName: "Leo",
        lastName: "Martins",
        passwordHash,
        emailVerifiedAt: verifiedAt,
      },
    ]);
    await seedCatalogue(tx, shop.id, storage, saved, now);
    await seedMembers(tx, {
      shopId: shop.id,
      now,
      existingCustomerEmails: { ava: ava.email, leo: leo.email },
    });
    return { seeded: true, shopId: shop.id };
  });
}
