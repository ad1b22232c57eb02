import { WEBHOOK_MESSAGES } from "@tessera/shared";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "../../../db/schema";
import type { Database } from "../../../infra/db";
import { notify } from "../../notifications/notify";
import { sendWebhook } from "./outbound";
import * as repo from "./repo";

/**
 * Sends due deliveries and schedules their retries. After a failed attempt the next one waits
 * the schedule's next delay (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts over about
 * 27 h); after the last the delivery is failed. An endpoint whose deliveries have failed without
 * a single success for three days is disabled and its shop's owner told.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const DEFAULT_BACKOFF_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;
/** A receiver has this long to answer; the lease covers it with room to spare. */
const TIMEOUT_MS = 15 * SECOND;
const BATCH = 50;
const PARALLEL = 8;

export type WebhookDeliveryOptions = {
  db: Database;
  now: () => Date;
  allowPrivate: boolean;
  /** Delays before the 2nd, 3rd… attempt; its length + 1 is the number of attempts. */
  backoffMs?: number[];
  timeoutMs?: number;
  disableAfterMs?: number;
  /** One shop's deliveries only (a worker whose runs must not touch other shops' queues). */
  shopId?: number;
};

export type DeliveryRunReport = { delivered: number; retrying: number; failed: number };

export function createWebhookDelivery(options: WebhookDeliveryOptions) {
  const { db, now } = options;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const disableAfter = options.disableAfterMs ?? DISABLE_AFTER_MS;

  /** The secrets that sign now: the current one, and the previous one within its 24 h. */
  function secretsOf(endpoint: WebhookEndpointRow): string[] {
    const previous =
      endpoint.previousSecret &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt.getTime() > now().getTime()
        ? [endpoint.previousSecret]
        : [];
    return [endpoint.secret, ...previous];
  }

  async function attempt(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow) {
    const result = await sendWebhook(
      {
        url: endpoint.url,
        secrets: secretsOf(endpoint),
        messageId: delivery.messageId,
        payload: delivery.payload,
        // The signature's time is the wall clock's: receivers check it against their own.
        timestamp: new Date(),
      },
      { allowPrivate: options.allowPrivate, timeoutMs },
    );
    return record(delivery, endpoint, result);
  }

  async function record(
    delivery: WebhookDeliveryRow,
    endpoint: WebhookEndpointRow,
    result: Awaited<ReturnType<typeof sendWebhook>>,
  ): Promise<keyof DeliveryRunReport> {
    const at = now();
    const attempts = delivery.attempts + 1;
    const delay = backoff[attempts - 1];
    const outcome = result.ok ? "delivered" : delay === undefined ? "failed" : "retrying";
    await db.transaction(async (tx) => {
      await repo.updateDelivery(tx, delivery.id, {
        status: outcome === "retrying" ? "pending" : outcome,
        attempts,
        lastResponseCode: result.status,
        lastError: result.error?.slice(0, 300) ?? null,
        latencyMs: result.latencyMs,
        lastAttemptAt: at,
        nextAttemptAt: outcome === "retrying" ? new Date(at.getTime() + (delay ?? 0)) : null,
        lockedUntil: null,
      });
      const current = await repo.findEndpoint(tx, endpoint.shopId, endpoint.id, true);
      if (!current) return;
      if (result.ok) {
        if (current.failingSince) await repo.updateEndpoint(tx, current.id, { failingSince: null });
        return;
      }
      if (!current.failingSince) {
        await repo.updateEndpoint(tx, current.id, { failingSince: at });
      } else if (current.enabled && at.getTime() - current.failingSince.getTime() >= disableAfter) {
        await disableFailing(tx, current);
      }
    });
    return outcome;
  }

  async function disableFailing(
    tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
    endpoint: WebhookEndpointRow,
  ) {
    await repo.updateEndpoint(tx, endpoint.id, {
      enabled: false,
      disabledReason: WEBHOOK_MESSAGES.disabledFailing,
    });
    const ownerId = await repo.findOwnerId(tx, endpoint.shopId);
    if (ownerId === null) return;
    await notify(tx, endpoint.shopId, [{ userId: ownerId }], {
      event: "webhook.endpoint_disabled",
      title: "Webhook endpoint disabled",
      message: `${endpoint.url} failed every delivery for 3 days and was disabled. Fix it, then enable it again in Integrations.`,
      data: { endpointId: endpoint.id },
    });
  }

  return {
    /** Sends what is due, in batches, until nothing is. */
    async deliverDue(): Promise<DeliveryRunReport> {
      const report: DeliveryRunReport = { delivered: 0, retrying: 0, failed: 0 };
      for (let round = 0; round < 20; round++) {
        const claimed = await repo.claimDue(
          db,
          now(),
          timeoutMs * 2 + MINUTE,
          BATCH,
          options.shopId,
        );
        if (claimed.length === 0) break;
        for (let i = 0; i < claimed.length; i += PARALLEL) {
          const outcomes = await Promise.all(
            claimed.slice(i, i + PARALLEL).map((c) => attempt(c.delivery, c.endpoint)),
          );
          for (const outcome of outcomes) report[outcome] += 1;
        }
      }
      return report;
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
