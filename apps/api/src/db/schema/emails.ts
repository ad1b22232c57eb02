import { boolean, index, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { keyedBy, updatedAt } from "./columns";
import { customers } from "./customers";
import { shopKey, shopRef, userKey } from "./owner-columns";

/**
 * A shop's e-mail settings: how long before a renewal its members are reminded (yearly and
 * monthly plans). No row means the defaults (7 and 3 days).
 */
export const shopEmailSettings = pgTable("shop_email_settings", {
  shopId: shopKey(),
  yearlyReminderDays: integer("yearly_reminder_days").notNull().default(7),
  monthlyReminderDays: integer("monthly_reminder_days").notNull().default(3),
  updatedAt: updatedAt(),
});

/**
 * What a customer turned off. Receipts and security e-mails always go; reminders (renewal,
 * offer about to expire) can be turned off. No row means everything on.
 */
export const customerEmailPreferences = pgTable(
  "customer_email_preferences",
  {
    customerId: keyedBy("customer_id", () => customers.id),
    shopId: shopRef(),
    reminders: boolean("reminders").notNull().default(true),
    updatedAt: updatedAt(),
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
    userId: userKey(),
    shopId: shopRef(),
    newMember: boolean("new_member").notNull().default(false),
    failedPayment: boolean("failed_payment").notNull().default(false),
    refund: boolean("refund").notNull().default(false),
    digest: varchar("digest", { length: 8, enum: DIGEST_FREQUENCIES }).notNull().default("none"),
    updatedAt: updatedAt(),
  },
  // The digest job reads the people who chose one; the instant e-mails a shop's recipients.
  (t) => [index("merchant_email_preferences_shop_idx").on(t.shopId)],
);
