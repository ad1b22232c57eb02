import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { at, createdAt, identityId } from "./columns";
import { customers } from "./customers";
import { users } from "./shops";

/**
 * Opaque bearer sessions: only the SHA-256 of the token is kept. Exactly one of user or customer.
 * Expiry slides forward while the session is used.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: identityId(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
    /** Last seen: written at most once a minute while the session is used. */
    lastUsedAt: at("last_used_at").notNull().defaultNow(),
    /** Where it was last used from (the sessions list on the profile shows them). */
    ip: varchar("ip", { length: 64 }),
    userAgent: text("user_agent"),
  },
  (t) => [
    check("sessions_one_owner", sql`(${t.userId} is null) <> (${t.customerId} is null)`),
    index("sessions_user_idx").on(t.userId),
    index("sessions_customer_idx").on(t.customerId),
  ],
);

/**
 * Single-use e-mail tokens (verification, password reset, staff invitation), stored hashed with
 * an expiry; `usedAt` marks them spent.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: identityId(),
    purpose: varchar("purpose", {
      length: 24,
      enum: ["verify_email", "reset_password", "staff_invite"],
    }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("account_tokens_one_owner", sql`(${t.userId} is null) <> (${t.customerId} is null)`),
    index("account_tokens_user_idx").on(t.userId),
    index("account_tokens_customer_idx").on(t.customerId),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type AccountToken = typeof accountTokens.$inferSelect;
