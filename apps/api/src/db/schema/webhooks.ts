import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, startsAtZero } from "./columns";
import { shopOwned } from "./owner-columns";

/**
 * A shop's webhook endpoints (issue 18). The secret signs every request; after a rotation the
 * previous one keeps signing too until `previousSecretExpiresAt` (24 h), so receivers can switch
 * without dropping a message. `failingSince` is the first failed delivery of the current run of
 * failures (cleared by any success); three days of it disable the endpoint.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    ...shopOwned(),
    url: varchar("url", { length: 2048 }).notNull(),
    description: varchar("description", { length: 200 }).notNull().default(""),
    eventTypes: jsonb("event_types").$type<string[]>().notNull(),
    secret: varchar("secret", { length: 80 }).notNull(),
    previousSecret: varchar("previous_secret", { length: 80 }),
    previousSecretExpiresAt: at("previous_secret_expires_at"),
    enabled: boolean("enabled").notNull().default(true),
    /** Why it is disabled: by the owner, or after three days of failures. */
    disabledReason: varchar("disabled_reason", { length: 200 }),
    failingSince: at("failing_since"),
    createdAt: createdAt(),
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
    ...shopOwned(),
    endpointId: belongsTo("endpoint_id", () => webhookEndpoints.id),
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
    attempts: startsAtZero("attempts"),
    lastResponseCode: integer("last_response_code"),
    lastError: varchar("last_error", { length: 300 }),
    latencyMs: integer("latency_ms"),
    nextAttemptAt: at("next_attempt_at"),
    /** While a worker sends it: another instance leaves it alone until this passes. */
    lockedUntil: at("locked_until"),
    lastAttemptAt: at("last_attempt_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_idx").on(t.endpointId, t.eventId),
    index("webhook_deliveries_log_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
