import { and, asc, desc, eq, exists, isNull, lt, lte, or } from "drizzle-orm";
import {
  shops,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from "../../../db/schema";
import type { Executor } from "../../../infra/db";
import { countRows, pageOfRows, type RowPage } from "../../../infra/db/pages";
import { shopTable, updateRow } from "../../../infra/db/rows";

export async function listEndpoints(db: Executor, shopId: number): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.shopId, shopId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function countEndpoints(db: Executor, shopId: number): Promise<number> {
  return countRows(db, webhookEndpoints, eq(webhookEndpoints.shopId, shopId));
}

const endpointRows = shopTable(webhookEndpoints, "webhook endpoint");

/** The shop's endpoint; another shop's id gives undefined (a 404). */
export function findEndpoint(db: Executor, shopId: number, id: number, lock = false) {
  return endpointRows.find(db, shopId, id, { lock });
}

export const insertEndpoint = endpointRows.insert;
/** Changes an endpoint already found for the shop, by its id. */
export const updateEndpoint = endpointRows.updateFound;
export const deleteEndpoint = endpointRows.delete;

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

/** The endpoint's deliveries, newest first. */
export function pageDeliveries(db: Executor, endpointId: number, page: RowPage) {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  return pageOfRows(db, webhookDeliveries, where, [desc(webhookDeliveries.id)], page);
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
  return updateRow(db, webhookDeliveries, id, values, "webhook delivery");
}

/**
 * Due deliveries of enabled endpoints that no worker holds: the ones that need a job. Only their
 * ids and attempts: the job reads the rest when it claims one.
 */
export async function dueDeliveries(
  db: Executor,
  now: Date,
  limit: number,
  shopId?: number,
): Promise<{ id: number; shopId: number; attempts: number }[]> {
  return db
    .select({
      id: webhookDeliveries.id,
      shopId: webhookDeliveries.shopId,
      attempts: webhookDeliveries.attempts,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
        eq(webhookEndpoints.enabled, true),
        shopId === undefined ? undefined : eq(webhookDeliveries.shopId, shopId),
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(limit);
}

/**
 * Takes one delivery for its `attempt` (1 for the first) for `leaseMs`, when it is still pending
 * at that attempt, due, unheld and its endpoint enabled. A job run twice (a retry, a duplicate, a
 * second instance) finds the attempt already taken or recorded and gets nothing: one send.
 */
export async function claimDelivery(
  db: Executor,
  task: { deliveryId: number; attempt: number },
  now: Date,
  leaseMs: number,
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | undefined> {
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(webhookDeliveries.id, task.deliveryId),
        eq(webhookDeliveries.status, "pending"),
        eq(webhookDeliveries.attempts, task.attempt - 1),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
        exists(
          db
            .select({ id: webhookEndpoints.id })
            .from(webhookEndpoints)
            .where(
              and(
                eq(webhookEndpoints.id, webhookDeliveries.endpointId),
                eq(webhookEndpoints.enabled, true),
              ),
            ),
        ),
      ),
    )
    .returning();
  if (!delivery) return undefined;
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  return endpoint ? { delivery, endpoint } : undefined;
}

/** The shop's owner: the one person told when an endpoint is disabled. */
export async function findOwnerId(db: Executor, shopId: number): Promise<number | null> {
  const [row] = await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId));
  return row?.ownerId ?? null;
}
