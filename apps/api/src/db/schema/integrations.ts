import { sql } from "drizzle-orm";
import { index, pgTable, varchar } from "drizzle-orm/pg-core";
import { at, createdAt } from "./columns";
import { shopOwned, userLink } from "./owner-columns";

/**
 * A shop's API keys (issue 18): only the SHA-256 of the key is kept, with its first characters
 * to tell keys apart. A key acts for its shop as the owner would, within its scope; revoking
 * stamps `revokedAt` (the row stays, so a revoked key answers "revoked", not "unknown").
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    ...shopOwned(),
    name: varchar("name", { length: 60 }).notNull(),
    scope: varchar("scope", { length: 12, enum: ["read_only", "read_write"] }).notNull(),
    prefix: varchar("prefix", { length: 16 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    createdBy: userLink("created_by"),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("api_keys_shop_idx").on(t.shopId).where(sql`${t.revokedAt} is null`)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
