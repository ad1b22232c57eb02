import type { FastifyInstance } from "fastify";
import type { Config } from "../../../config";
import type { DatabaseHandle } from "../../../infra/db";
import type { JobScheduler } from "../../../infra/jobs";
import { createWebhookDelivery } from "./delivery";
import { WEBHOOKS_CHANNEL } from "./emit";

/** The job that sends due webhook deliveries and their retries. */
export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

/**
 * Registers the delivery job: every minute through the scheduler (pg-boss on PostgreSQL, which
 * runs it on one instance at a time), and, when the app runs its jobs, at once after a
 * transaction that queued a delivery commits (a notification to every instance; the claim's
 * lease keeps two from sending the same delivery).
 */
export async function registerWebhookDelivery(
  app: FastifyInstance,
  jobs: JobScheduler,
  deps: { config: Config; database: DatabaseHandle; startJobs?: boolean; now?: () => Date },
) {
  const delivery = createWebhookDelivery({
    db: deps.database.db,
    now: deps.now ?? (() => new Date()),
    allowPrivate: deps.config.webhooksAllowPrivate,
  });
  jobs.register(WEBHOOK_DELIVERY_JOB, () => delivery.deliverDue());
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
