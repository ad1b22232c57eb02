import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { at, belongsTo, identityId, timestamps } from "./columns";

// Shops and their users point at each other (an owner's shop, a staff member's shop), so the
// two tables live in one file: two files would import each other.

/** A merchant's shop: the tenant every shop-owned row points to. */
export const shops = pgTable(
  "shops",
  {
    id: identityId(),
    ownerId: belongsTo("owner_id", () => users.id, "restrict"),
    name: varchar("name", { length: 120 }).notNull(),
    industry: varchar("industry", { length: 60 }),
    tagline: varchar("tagline", { length: 200 }),
    logo: text("logo"),
    banner: text("banner"),
    primaryColor: varchar("primary_color", { length: 7 }).notNull().default("#0099D8"),
    secondaryColor: varchar("secondary_color", { length: 7 }).notNull().default("#EFF6FF"),
    fontStyle: varchar("font_style", { length: 40 }).notNull().default("Poppins"),
    timeZone: varchar("time_zone", { length: 64 }).notNull().default("America/New_York"),
    /** Whether an e-mailed sign-in code may create a customer account on first use. */
    codeSignUp: boolean("code_sign_up").notNull().default(true),
    /** The customer side's language (a `LOCALES` tag) unless the visitor chooses another. */
    defaultLocale: varchar("default_locale", { length: 8 }).notNull().default("en"),
    /** Whether a first visit follows the browser's Accept-Language. */
    followBrowserLocale: boolean("follow_browser_locale").notNull().default(true),
    /** The owner's "Require two-factor sign-in for staff": staff without it must enrol first. */
    requireStaffTwoFactor: boolean("require_staff_two_factor").notNull().default(false),
    /** Card payments (spec names): the provider location id and merchant user id; null until onboarded. */
    fortisId: varchar("fortis_id", { length: 64 }),
    fortisUserId: varchar("fortis_user_id", { length: 64 }),
    /** The merchant's provider API key, AES-256-GCM encrypted (never stored in the clear). */
    fortisApiKeyEncrypted: text("fortis_api_key_encrypted"),
    fortisProductTransactionId: varchar("fortis_product_transaction_id", { length: 64 }),
    /** Which provider the ids above belong to. */
    paymentsProvider: varchar("payments_provider", { length: 16, enum: ["sandbox", "fortis"] }),
    /** Our reference for the shop at the provider's onboarding; its approval postback names it. */
    onboardingReference: varchar("onboarding_reference", { length: 64 }),
    ...timestamps(),
  },
  // An owner has at most one shop.
  (t) => [
    uniqueIndex("shops_owner_unique").on(t.ownerId),
    uniqueIndex("shops_onboarding_reference_unique").on(t.onboardingReference),
  ],
);

export type Shop = typeof shops.$inferSelect;
export type NewShop = typeof shops.$inferInsert;

/**
 * Platform users: shop owners and staff. E-mail is stored trimmed and lower-cased. A staff member
 * belongs to one shop (`shopId`); an owner's shop points back at them through `shops.owner_id`.
 * `status`: staff go `inactive` (invited) → `active` → `disabled`; owners are `active`.
 */
export const users = pgTable(
  "users",
  {
    id: identityId(),
    email: varchar("email", { length: 254 }).notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    phoneNumber: varchar("phone_number", { length: 32 }),
    profilePicture: text("profile_picture"),
    passwordHash: text("password_hash"),
    emailVerifiedAt: at("email_verified_at"),
    shopId: integer("shop_id").references((): AnyPgColumn => shops.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 50 }),
    status: varchar("status", { length: 16, enum: ["active", "inactive", "disabled"] })
      .notNull()
      .default("active"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_shop_idx").on(t.shopId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
