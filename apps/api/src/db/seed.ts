import { sql } from "drizzle-orm";
import type { Database } from "../infra/db";
import { hashPassword } from "../infra/passwords";
import { customers, shops, users } from "./schema";

export const demoLogins = {
  merchant: { email: "owner@demo-shop.test", password: "Demo@1234" },
  staff: { email: "staff@demo-shop.test", password: "Demo@1234" },
  customers: [
    { email: "ava@demo-customer.test", password: "Demo@1234" },
    { email: "leo@demo-customer.test", password: "Demo@1234" },
  ],
} as const;

export type SeedResult = { seeded: false } | { seeded: true; shopId: number };

/**
 * On a fresh database, creates a demo merchant with a verified e-mail and a shop so that
 * `npm start` shows a working product at once. Never touches a database that has users.
 */
export async function seedDemo(db: Database): Promise<SeedResult> {
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

    const [shop] = await tx
      .insert(shops)
      .values({
        ownerId: owner.id,
        name: "Corner Coffee Co.",
        industry: "Hospitality",
        tagline: "Fresh roasts, friendly faces, rewards every month.",
        fontStyle: "Poppins",
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
    return { seeded: true, shopId: shop.id };
  });
}
