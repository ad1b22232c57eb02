import { and, eq } from "drizzle-orm";
import { customers, shops } from "../../db/schema";
import type { Executor } from "../../infra/db";

/** Member card queries: every one is scoped to a shop, so a code never crosses shops. */

export async function findMemberByCode(db: Executor, shopId: number, code: string) {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.shopId, shopId), eq(customers.memberCode, code)));
  return row;
}

export async function findCardShop(db: Executor, shopId: number) {
  const [row] = await db
    .select({
      id: shops.id,
      name: shops.name,
      logo: shops.logo,
      primaryColor: shops.primaryColor,
      secondaryColor: shops.secondaryColor,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row;
}

export async function findCustomer(db: Executor, shopId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.shopId, shopId), eq(customers.id, customerId)));
  return row;
}

/** Replaces the code; the old one stops matching with this commit. */
export async function replaceCode(db: Executor, shopId: number, customerId: number, code: string) {
  const [row] = await db
    .update(customers)
    .set({ memberCode: code, updatedAt: new Date() })
    .where(and(eq(customers.shopId, shopId), eq(customers.id, customerId)))
    .returning({ memberCode: customers.memberCode });
  return row;
}
