import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Every e-mail the product sends. Without SMTP configured the row is the delivery (`kept`, shown
 * on the developer mailbox); with SMTP it records the attempt (`sent` or `failed`).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    toAddress: varchar("to_address", { length: 254 }).notNull(),
    fromAddress: varchar("from_address", { length: 320 }).notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: varchar("status", { length: 16, enum: ["kept", "sent", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_created_idx").on(t.createdAt)],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
