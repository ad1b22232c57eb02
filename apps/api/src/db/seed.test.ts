import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../infra/db";
import { verifyPassword } from "../infra/passwords";
import { customers, shops, users } from "./schema";
import { demoLogins, seedDemo } from "./seed";

describe("seedDemo", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // Always a fresh embedded database: seeding only happens on an empty one.
    database = await openDatabase({});
    await database.migrate();
  });
  afterAll(() => database.close());

  it("creates a verified demo merchant with a shop, once", async () => {
    const first = await seedDemo(database.db);
    expect(first.seeded).toBe(true);
    const [owner] = await database.db.select().from(users);
    expect(owner?.email).toBe(demoLogins.merchant.email);
    expect(owner?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(owner?.passwordHash ?? "", demoLogins.merchant.password)).toBe(
      true,
    );
    const allShops = await database.db.select().from(shops);
    expect(allShops).toHaveLength(1);
    expect(allShops[0]?.primaryColor).toBe("#0099D8");
    expect(allShops[0]?.secondaryColor).toBe("#EFF6FF");
    const staff = await database.db
      .select()
      .from(users)
      .where(eq(users.email, demoLogins.staff.email));
    expect(staff[0]).toMatchObject({ shopId: allShops[0]?.id, status: "active" });
    const members = await database.db.select().from(customers);
    expect(members.map((c) => c.email).sort()).toEqual(
      demoLogins.customers.map((c) => c.email).sort(),
    );
    expect(await verifyPassword(members[0]?.passwordHash ?? "", "Demo@1234")).toBe(true);

    expect((await seedDemo(database.db)).seeded).toBe(false);
    expect(await database.db.select().from(shops)).toHaveLength(1);
  });
});
