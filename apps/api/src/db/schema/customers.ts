import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { at, timestamps } from "./columns";
import { shopOwned } from "./owner-columns";

/**
 * What the members search matches against. The query must use this same expression so the
 * trigram index serves it.
 */
export function customerSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}) {
  return sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})`;
}

/** A shop's customer (member). The same person at two shops has two accounts. */
export const customers = pgTable(
  "customers",
  {
    ...shopOwned(),
    email: varchar("email", { length: 254 }).notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    phoneNumber: varchar("phone_number", { length: 32 }),
    profilePicture: text("profile_picture"),
    /** The language the customer chose (a `LOCALES` tag); null until they choose. */
    locale: varchar("locale", { length: 8 }),
    passwordHash: text("password_hash"),
    emailVerifiedAt: at("email_verified_at"),
    /** The payment provider's contact id for this customer. */
    contactId: varchar("contact_id", { length: 64 }),
    isDisabled: boolean("is_disabled").notNull().default(false),
    /**
     * When the person's data was erased (docs/privacy.md): names, e-mail, phone and picture are
     * placeholders from then on, and the account is disabled for good. The row stays so the
     * shop's payments, ledger and redemptions keep adding up.
     */
    erasedAt: at("erased_at"),
    /**
     * The member card's code: 122 random bits (the database's strong generator), never the id.
     * A database default, so every writer (sign-up, the startsAtZero, imports, seeds) gives one and
     * the migration gives existing members theirs. Rotating replaces it; the old one dies.
     */
    memberCode: varchar("member_code", { length: 32 })
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The wallet passes' serial number: stable across code changes, says nothing of the id. */
    walletSerial: uuid("wallet_serial").notNull().defaultRandom().unique(),
    /**
     * The latest of joining, a succeeded payment and a redemption: the members list's
     * `lastActivity` order. Database triggers on transactions and redemptions keep it.
     */
    lastActivityAt: at("last_activity_at").notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("customers_shop_email_unique").on(t.shopId, sql`lower(${t.email})`),
    uniqueIndex("customers_shop_member_code_unique").on(t.shopId, t.memberCode),
    index("customers_shop_created_idx").on(t.shopId, t.createdAt),
    index("customers_shop_activity_idx").on(t.shopId, t.lastActivityAt),
    // Members search: a substring of "first last email", any case (pg_trgm).
    index("customers_search_trgm_idx").using("gin", sql`${customerSearchText(t)} gin_trgm_ops`),
  ],
);

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
