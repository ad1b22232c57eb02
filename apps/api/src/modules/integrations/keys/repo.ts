import { and, asc, count, eq, isNull } from "drizzle-orm";
import { type ApiKeyRow, apiKeys, shops, users } from "../../../db/schema";
import type { Executor } from "../../../infra/db";
import { insertRow } from "../../../infra/db/rows";

export async function listActiveKeys(db: Executor, shopId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.shopId, shopId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function countActiveKeys(db: Executor, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.shopId, shopId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(db: Executor, values: typeof apiKeys.$inferInsert) {
  return insertRow(db, apiKeys, values, "api key");
}

/** Stamps the shop's active key revoked; another shop's key or a revoked one gives undefined. */
export async function revokeKey(db: Executor, shopId: number, id: number, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.shopId, shopId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return row;
}

/** A key by its hash, with its shop's owner: the account it acts as. */
export async function findKeyContext(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ key: apiKeys, owner: users })
    .from(apiKeys)
    .innerJoin(shops, eq(shops.id, apiKeys.shopId))
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(apiKeys.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchKey(db: Executor, id: number, now: Date) {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}
