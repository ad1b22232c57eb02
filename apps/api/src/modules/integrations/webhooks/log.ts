import { randomBytes } from "node:crypto";
import {
  type PaginationQuery,
  pageOffset,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
} from "@tessera/shared";
import { sql } from "drizzle-orm";
import type { WebhookDeliveryRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { Database, Executor } from "../../../infra/db";
import { WEBHOOKS_CHANNEL, webhookPayload } from "./emit";
import { newMessageId } from "./outbound";
import * as repo from "./repo";

/** An endpoint's delivery log and what the owner does with it: a test event, a resend. */

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function deliveryDto(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastResponseCode: row.lastResponseCode,
    lastError: row.lastError,
    latencyMs: row.latencyMs,
    nextAttemptAt: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The shop's endpoint, or a 404. */
export async function findEndpointOf(db: Executor, shopId: number, id: number) {
  const row = await repo.findEndpoint(db, shopId, id);
  if (!row) throw new AppError("NOT_FOUND", WEBHOOK_MESSAGES.endpointNotFound);
  return row;
}

/** Wakes the delivery job once the transaction commits. */
async function wake(tx: Executor) {
  await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
}

export function createWebhookLog(deps: { db: Database }) {
  const { db } = deps;
  const found = (shopId: number, id: number) => findEndpointOf(db, shopId, id);
  return {
    /** A `webhook.test` event for this endpoint alone, whatever it subscribes to. */
    async sendTest(shopId: number, id: number) {
      const endpoint = await found(shopId, id);
      const eventId = `test_${randomBytes(12).toString("base64url")}`;
      const data = { endpointId: endpoint.id, message: "A test event from Tessera." };
      const delivery = await db.transaction(async (tx) => {
        const [row] = await repo.insertDeliveries(tx, [
          {
            shopId,
            endpointId: endpoint.id,
            eventId,
            eventType: WEBHOOK_TEST_EVENT,
            messageId: newMessageId(),
            payload: webhookPayload(WEBHOOK_TEST_EVENT, data, new Date()),
            nextAttemptAt: null,
          },
        ]);
        await wake(tx);
        return row;
      });
      if (!delivery) throw new Error("test delivery insert returned nothing");
      return { message: WEBHOOK_MESSAGES.testQueued, delivery: deliveryDto(delivery) };
    },

    async deliveries(shopId: number, id: number, page: PaginationQuery) {
      const endpoint = await found(shopId, id);
      const { rows, total } = await repo.pageDeliveries(db, endpoint.id, {
        limit: page.pageSize,
        offset: pageOffset(page),
      });
      return { deliveries: rows.map(deliveryDto), total, ...page };
    },

    /** Sends a delivery again now, with the same message id (receivers may drop it as seen). */
    async resend(shopId: number, id: number, deliveryId: number) {
      const endpoint = await found(shopId, id);
      const delivery = await db.transaction(async (tx) => {
        const row = await repo.findDelivery(tx, endpoint.id, deliveryId);
        if (!row) throw new AppError("NOT_FOUND", WEBHOOK_MESSAGES.deliveryNotFound);
        // Attempts restart, so the resend gets the whole retry schedule again.
        const updated = await repo.updateDelivery(tx, row.id, {
          status: "pending",
          attempts: 0,
          nextAttemptAt: null,
          lockedUntil: null,
        });
        await wake(tx);
        return updated;
      });
      return { message: WEBHOOK_MESSAGES.resendQueued, delivery: deliveryDto(delivery) };
    },
  };
}
