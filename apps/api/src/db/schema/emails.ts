import { boolean, integer, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { shops } from "./shops";

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
