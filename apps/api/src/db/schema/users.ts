import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { shops } from "./shops";

/**
 * Platform users: shop owners and staff. E-mail is stored trimmed and lower-cased. A staff member
 * belongs to one shop (`shopId`); an owner's shop points back at them through `shops.owner_id`.
 * `status`: staff go `inactive` (invited) → `active` → `disabled`; owners are `active`.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: varchar("email", { length: 254 }).notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    phoneNumber: varchar("phone_number", { length: 32 }),
    profilePicture: text("profile_picture"),
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    shopId: integer("shop_id").references((): AnyPgColumn => shops.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 50 }),
    status: varchar("status", { length: 16, enum: ["active", "inactive", "disabled"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_shop_idx").on(t.shopId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
