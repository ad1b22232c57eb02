import { eq } from "drizzle-orm";
import { type NewShop, shops } from "../../db/schema";
import type { Executor } from "../../infra/db";

export async function findShopById(db: Executor, id: number) {
  const [shop] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return shop;
}

export async function findShopByOwner(db: Executor, ownerId: number) {
  const [shop] = await db.select().from(shops).where(eq(shops.ownerId, ownerId)).limit(1);
  return shop;
}

export async function insertShop(db: Executor, values: NewShop) {
  const [shop] = await db.insert(shops).values(values).returning();
  if (!shop) throw new Error("shop insert returned nothing");
  return shop;
}
