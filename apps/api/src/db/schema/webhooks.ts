import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { shops } from "./shops";

/**
 * A shop's webhook endpoints (issue 18). The secret signs every request; after a rotation the
 * previous one keeps signing too until `previousSecretExpiresAt` (24 h), so receivers can switch
 * without dropping a message. `failingSince` is the first failed delivery of the current run of
 * failures (cleared by any success); three days of it disable the endpoint.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    url: varchar("url", { length: 2048 }).notNull(),
    description: varchar("description", { length: 200 }).notNull().default(""),
    eventTypes: jsonb("event_types").$type<string[]>().notNull(),
    secret: varchar("secret", { length: 80 }).notNull(),
    previousSecret: varchar("previous_secret", { length: 80 }),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    /** Why it is disabled: by the owner, or after three days of failures. */
    disabledReason: varchar("disabled_reason", { length: 200 }),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_shop_idx").on(t.shopId)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one endpoint: written in the transaction of the change (an outbox), so it exists
 * exactly when the change committed; the delivery job sends it and retries it. `messageId` is the
 * `webhook-id` header, the same on every attempt, so receivers can drop duplicates.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: varchar("event_id", { length: 120 }).notNull(),
    eventType: varchar("event_type", { length: 48 }).notNull(),
    messageId: varchar("message_id", { length: 40 }).notNull(),
    payload: text("payload").notNull(),
    status: varchar("status", {
      length: 12,
      enum: ["pending", "delivered", "failed"],
    })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastResponseCode: integer("last_response_code"),
    lastError: varchar("last_error", { length: 300 }),
    latencyMs: integer("latency_ms"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** While a worker sends it: another instance leaves it alone until this passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_idx").on(t.endpointId, t.eventId),
    index("webhook_deliveries_log_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
