import { WEBHOOK_MESSAGES } from "@tessera/shared";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "../../../db/schema";
import type { Database } from "../../../infra/db";
import { notify } from "../../notifications/notify";
import { sendWebhook } from "./outbound";
import * as repo from "./repo";

/**
 * Delivery is one job per event and endpoint: each delivery row (the outbox the event's
 * transaction wrote) gets a task `{ deliveryId, attempt }`, sent by the sweep that finds due rows
 * (`enqueueDue`, woken when an event commits) and, after a failed attempt, by the attempt itself,
 * to start after the schedule's next delay (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight
 * attempts over about 27 h); after the last the delivery is failed. A task claims its attempt
 * before sending (`repo.claimDelivery`), so a task run twice sends once. An endpoint whose
 * deliveries have failed without a single success for three days is disabled and its shop's
 * owner told.
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
/** The task that makes one attempt of one delivery. */
export const WEBHOOK_DELIVER_TASK = "webhook-deliver";

export type DeliverTask = { deliveryId: number; attempt: number; shopId: number };
/** Queues a task (a pg-boss job keyed by delivery and attempt); `startAfter` null is now. */
export type EnqueueDelivery = (task: DeliverTask, startAfter: Date | null) => Promise<void>;

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
  /** Where tasks go; without it a retry waits for the sweep to find it due. */
  enqueue?: EnqueueDelivery;
};

export type DeliveryRunReport = { delivered: number; retrying: number; failed: number };
export type DeliverOutcome = keyof DeliveryRunReport | "skipped";

/** A task's data as the queue hands it back; anything else is not ours to run. */
export function readDeliverTask(data: Record<string, unknown>): DeliverTask | null {
  const { deliveryId, attempt, shopId } = data;
  const ok = [deliveryId, attempt, shopId].every((n) => Number.isSafeInteger(n) && Number(n) > 0);
  return ok ? ({ deliveryId, attempt, shopId } as DeliverTask) : null;
}

/** The secrets that sign at `at`: the current one, and the previous one within its 24 h. */
function secretsOf(endpoint: WebhookEndpointRow, at: Date): string[] {
  const previous =
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > at.getTime()
      ? [endpoint.previousSecret]
      : [];
  return [endpoint.secret, ...previous];
}

/** Disables an endpoint failing for 3 days and tells its shop's owner. */
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

export function createWebhookDelivery(options: WebhookDeliveryOptions) {
  const { db, now } = options;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const disableAfter = options.disableAfterMs ?? DISABLE_AFTER_MS;

  async function attempt(delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow) {
    const result = await sendWebhook(
      {
        url: endpoint.url,
        secrets: secretsOf(endpoint, now()),
        messageId: delivery.messageId,
        payload: delivery.payload,
        // The signature's time is the wall clock's: receivers check it against their own.
        timestamp: new Date(),
      },
      { allowPrivate: options.allowPrivate, timeoutMs },
    );
    const outcome = await record(delivery, endpoint, result);
    if (outcome === "retrying" && options.enqueue) {
      const attempts = delivery.attempts + 1;
      const delay = backoff[attempts - 1] ?? 0;
      const task = { deliveryId: delivery.id, attempt: attempts + 1, shopId: delivery.shopId };
      // After the commit: a lost send is found by the sweep once the attempt is due.
      await options.enqueue(task, new Date(now().getTime() + delay));
    }
    return outcome;
  }

  /** The task: one attempt of one delivery, unless that attempt was already taken. */
  async function deliver(task: DeliverTask): Promise<DeliverOutcome> {
    if (options.shopId !== undefined && task.shopId !== options.shopId) return "skipped";
    const claimed = await repo.claimDelivery(db, task, now(), timeoutMs * 2 + MINUTE);
    if (!claimed) return "skipped";
    return attempt(claimed.delivery, claimed.endpoint);
  }

  /** The due deliveries' tasks, a batch at a time. */
  async function dueTasks(): Promise<DeliverTask[]> {
    const due = await repo.dueDeliveries(db, now(), BATCH * 4, options.shopId);
    return due.map((d) => ({ deliveryId: d.id, attempt: d.attempts + 1, shopId: d.shopId }));
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

  return {
    deliver,

    /**
     * The sweep: a task for each due delivery no worker holds (woken when an event commits, and
     * every minute). It only enqueues; a task already queued for that attempt is not queued twice.
     */
    async enqueueDue(enqueue: EnqueueDelivery): Promise<number> {
      const tasks = await dueTasks();
      for (let i = 0; i < tasks.length; i += PARALLEL) {
        await Promise.all(tasks.slice(i, i + PARALLEL).map((task) => enqueue(task, null)));
      }
      return tasks.length;
    },

    /** Runs the due deliveries' tasks here and now, until none is due (tests, operators). */
    async deliverDue(): Promise<DeliveryRunReport> {
      const report: DeliveryRunReport = { delivered: 0, retrying: 0, failed: 0 };
      for (let round = 0; round < 20; round++) {
        const tasks = await dueTasks();
        if (tasks.length === 0) break;
        for (let i = 0; i < tasks.length; i += PARALLEL) {
          const outcomes = await Promise.all(tasks.slice(i, i + PARALLEL).map(deliver));
          for (const outcome of outcomes) if (outcome !== "skipped") report[outcome] += 1;
        }
      }
      return report;
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
