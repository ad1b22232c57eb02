import { index, integer, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns";

/**
 * The shop's audit log: one row per audited action, written in the action's own transaction.
 * Append-only: a trigger (migration 0009) refuses UPDATE, DELETE and TRUNCATE. No foreign keys
 * on purpose: a cascade from a removed staff member, customer or shop would be an UPDATE or a
 * DELETE the trigger refuses, and the record must outlive what it names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: identityId(),
    shopId: integer("shop_id").notNull(),
    /** `owner`, `staff`, `customer` or `system` (jobs, provider postbacks). */
    actorKind: varchar("actor_kind", {
      length: 16,
      enum: ["owner", "staff", "customer", "system"],
    }).notNull(),
    /** The user's id (owner, staff) or the customer's id. */
    actorId: integer("actor_id"),
    /** The owner's or staff member's name at the time; customers' names are read live (erasure). */
    actorName: varchar("actor_name", { length: 210 }),
    action: varchar("action", { length: 48 }).notNull(),
    targetType: varchar("target_type", { length: 24 }),
    targetId: integer("target_id"),
    /** What the target was called (a tier, an offer, a staff member); never a customer's name. */
    targetLabel: varchar("target_label", { length: 200 }),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    ip: varchar("ip", { length: 64 }),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_shop_time_idx").on(t.shopId, t.createdAt),
    index("audit_log_shop_actor_idx").on(t.shopId, t.actorId),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
