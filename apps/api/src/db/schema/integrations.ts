import { sql } from "drizzle-orm";
import { index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { shops, users } from "./shops";

/**
 * A shop's API keys (issue 18): only the SHA-256 of the key is kept, with its first characters
 * to tell keys apart. A key acts for its shop as the owner would, within its scope; revoking
 * stamps `revokedAt` (the row stays, so a revoked key answers "revoked", not "unknown").
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 60 }).notNull(),
    scope: varchar("scope", { length: 12, enum: ["read_only", "read_write"] }).notNull(),
    prefix: varchar("prefix", { length: 16 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_shop_idx").on(t.shopId).where(sql`${t.revokedAt} is null`)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
