import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { at, createdAt, identityId, startsAtZero } from "./columns";

/**
 * Every e-mail the product sends. Without SMTP configured the row is the delivery (`kept`, shown
 * on the developer mailbox); with SMTP it records the attempt (`sent` or `failed`).
 *
 * An e-mail about an event (a receipt, a failed renewal, a reminder) is queued inside the
 * transaction that made the event (`queued`, with `template` and `payload`), so it exists exactly
 * when the event commits; the delivery job renders and sends it. `idempotencyKey` (event and
 * recipient) is unique, so the same event never queues a second e-mail to the same person.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: identityId(),
    toAddress: varchar("to_address", { length: 254 }).notNull(),
    fromAddress: varchar("from_address", { length: 320 }).notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: varchar("status", {
      length: 16,
      enum: ["queued", "kept", "sent", "failed"],
    }).notNull(),
    attempts: startsAtZero("attempts"),
    lastError: text("last_error"),
    /** When the delivery job may (re)try it; null once sent, kept or given up. */
    nextAttemptAt: at("next_attempt_at"),
    /** One e-mail per event and recipient, e.g. `receipt:812:ada@example.com`. */
    idempotencyKey: varchar("idempotency_key", { length: 400 }),
    /** What the delivery job renders (`receipt`, `renewal_failed`, …) from `payload`. */
    template: varchar("template", { length: 40 }),
    payload: jsonb("payload"),
    /** `transactional` always goes; `reminders` and `digests` follow the recipient's choice. */
    category: varchar("category", { length: 24 }),
    shopId: integer("shop_id"),
    replyTo: varchar("reply_to", { length: 254 }),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: at("sent_at"),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt),
    uniqueIndex("email_outbox_idempotency_unique").on(t.idempotencyKey),
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
