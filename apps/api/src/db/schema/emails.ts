import {
  boolean,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { shops, users } from "./shops";

/**
 * A shop's e-mail settings: how long before a renewal its members are reminded (yearly and
 * monthly plans). No row means the defaults (7 and 3 days).
 */
export const shopEmailSettings = pgTable("shop_email_settings", {
  shopId: integer("shop_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  yearlyReminderDays: integer("yearly_reminder_days").notNull().default(7),
  monthlyReminderDays: integer("monthly_reminder_days").notNull().default(3),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a customer turned off. Receipts and security e-mails always go; reminders (renewal,
 * offer about to expire) can be turned off. No row means everything on.
 */
export const customerEmailPreferences = pgTable(
  "customer_email_preferences",
  {
    customerId: integer("customer_id")
      .primaryKey()
      .references(() => customers.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    reminders: boolean("reminders").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_email_preferences_shop_customer").on(t.shopId, t.customerId)],
);

export const DIGEST_FREQUENCIES = ["none", "daily", "weekly"] as const;

/**
 * What an owner or a staff member wants to hear about by e-mail (each their own choice): instant
 * e-mails for a new member, a failed payment, a refund, and a daily or weekly digest. No row
 * means nothing (they opt in on their profile).
 */
export const merchantEmailPreferences = pgTable(
  "merchant_email_preferences",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    newMember: boolean("new_member").notNull().default(false),
    failedPayment: boolean("failed_payment").notNull().default(false),
    refund: boolean("refund").notNull().default(false),
    digest: varchar("digest", { length: 8, enum: DIGEST_FREQUENCIES }).notNull().default("none"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The digest job reads the people who chose one; the instant e-mails a shop's recipients.
  (t) => [index("merchant_email_preferences_shop_idx").on(t.shopId)],
);
