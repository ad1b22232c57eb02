import type { FastifyInstance } from "fastify";
import type { Config } from "../../../config";
import type { DatabaseHandle } from "../../../infra/db";
import type { JobScheduler } from "../../../infra/jobs";
import {
  createWebhookDelivery,
  type EnqueueDelivery,
  readDeliverTask,
  WEBHOOK_DELIVER_TASK,
} from "./delivery";
import { WEBHOOKS_CHANNEL } from "./emit";

/** The sweep that queues a delivery task for each due delivery (and the ones a restart lost). */
export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

/**
 * Registers delivery: a task per delivery attempt (`WEBHOOK_DELIVER_TASK`, a pg-boss job on
 * PostgreSQL, keyed by delivery and attempt so it is queued once), the sweep that queues the due
 * ones every minute through the scheduler, and, when the app runs its jobs, the same sweep at
 * once after a transaction that wrote a delivery commits (a notification to every instance).
 * pg-boss retries a task whose run failed (a lost database connection) with back-off; the
 * receiver's failures are the delivery's own schedule, each attempt a new task.
 */
export async function registerWebhookDelivery(
  app: FastifyInstance,
  jobs: JobScheduler,
  deps: { config: Config; database: DatabaseHandle; startJobs?: boolean; now?: () => Date },
) {
  const enqueue: EnqueueDelivery = (task, startAfter) =>
    jobs.sendTask(WEBHOOK_DELIVER_TASK, task, {
      singletonKey: `${task.deliveryId}:${task.attempt}`,
      ...(startAfter ? { startAfter } : {}),
    });
  const delivery = createWebhookDelivery({
    db: deps.database.db,
    now: deps.now ?? (() => new Date()),
    allowPrivate: deps.config.webhooksAllowPrivate,
    enqueue,
  });
  jobs.defineTask(
    WEBHOOK_DELIVER_TASK,
    async (data) => {
      const task = readDeliverTask(data);
      if (task) await delivery.deliver(task);
    },
    { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true },
  );
  jobs.register(WEBHOOK_DELIVERY_JOB, () => delivery.enqueueDue(enqueue));
  if (!deps.startJobs) return;
  let timer: NodeJS.Timeout | null = null;
  const stop = await deps.database.listen(WEBHOOKS_CHANNEL, () => {
    // Several deliveries of one transaction wake it once.
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void jobs.runNow(WEBHOOK_DELIVERY_JOB);
    }, 50);
  });
  app.addHook("onClose", () => stop());
}
