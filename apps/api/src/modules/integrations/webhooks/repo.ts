import { and, asc, count, desc, eq, isNull, lt, lte, or } from "drizzle-orm";
import {
  shops,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from "../../../db/schema";
import type { Executor } from "../../../infra/db";

export async function listEndpoints(db: Executor, shopId: number): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.shopId, shopId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function countEndpoints(db: Executor, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.shopId, shopId));
  return row?.n ?? 0;
}

/** The shop's endpoint; another shop's id gives undefined (a 404). */
export async function findEndpoint(db: Executor, shopId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.shopId, shopId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function insertEndpoint(db: Executor, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error("webhook endpoint insert returned nothing");
  return row;
}

export async function updateEndpoint(
  db: Executor,
  id: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw new Error("webhook endpoint update returned nothing");
  return row;
}

export async function deleteEndpoint(db: Executor, shopId: number, id: number) {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.shopId, shopId)))
    .returning({ id: webhookEndpoints.id });
  return row;
}

/** The shop's enabled endpoints: the ones an event goes to (if they chose its type). */
export async function listEnabledEndpoints(db: Executor, shopId: number) {
  return db
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.shopId, shopId), eq(webhookEndpoints.enabled, true)));
}

/** New deliveries; one already there for the endpoint and event is left as it is. */
export async function insertDeliveries(
  db: Executor,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning();
}

export async function pageDeliveries(
  db: Executor,
  endpointId: number,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return { rows, total: total?.n ?? 0 };
}

export async function findDelivery(db: Executor, endpointId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

export async function updateDelivery(
  db: Executor,
  id: number,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
) {
  const [row] = await db
    .update(webhookDeliveries)
    .set(values)
    .where(eq(webhookDeliveries.id, id))
    .returning();
  if (!row) throw new Error("webhook delivery update returned nothing");
  return row;
}

/**
 * Claims due deliveries of enabled endpoints for `leaseMs`: another instance (or an overlapping
 * run) skips them until the lease ends, so one delivery is sent by one worker at a time.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
  shopId?: number,
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow }[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
          or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
          eq(webhookEndpoints.enabled, true),
          shopId === undefined ? undefined : eq(webhookEndpoints.shopId, shopId),
        ),
      )
      .orderBy(asc(webhookDeliveries.id))
      .limit(limit)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    const claimed = [];
    for (const { id } of due) {
      const delivery = await updateDelivery(tx, id, {
        lockedUntil: new Date(now.getTime() + leaseMs),
      });
      const [endpoint] = await tx
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, delivery.endpointId));
      if (endpoint) claimed.push({ delivery, endpoint });
    }
    return claimed;
  });
}

/** The shop's owner: the one person told when an endpoint is disabled. */
export async function findOwnerId(db: Executor, shopId: number): Promise<number | null> {
  const [row] = await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId));
  return row?.ownerId ?? null;
}
