import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { DatabaseHandle } from "../../infra/db";
import type { JobScheduler } from "../../infra/jobs";
import type { Mailer, QueuedRenderer } from "../../infra/mailer";
import { loadPaymentsSecret } from "../../infra/payments/secrets";
import { createDashboardService } from "../dashboard/service";
import { EMAILS_CHANNEL } from "./queue";
import { runOfferReminders, runRenewalReminders } from "./reminders";
import { emailRoutes } from "./routes";
import { runDigests } from "./team";
import { isTemplate, renderQueued } from "./templates";
import { createUnsubscribeSigner, type UnsubscribeSigner } from "./unsubscribe";

/** The periodic job that writes and sends queued e-mails (and retries failed ones). */
export const EMAIL_DELIVERY_JOB = "email-delivery";
/** The periodic job that queues renewal and offer reminders. */
export const EMAIL_REMINDERS_JOB = "email-reminders";
/** The periodic job that queues the team's daily and weekly digests after 08:00 shop time. */
export const EMAIL_DIGESTS_JOB = "email-digests";

export function queuedRenderer(options: {
  publicUrl: string;
  unsubscribe: UnsubscribeSigner;
}): QueuedRenderer {
  const renderOptions = {
    publicUrl: options.publicUrl,
    unsubscribeUrl: (customerId: number) => options.unsubscribe.url(customerId, "reminders"),
    digestUnsubscribeUrl: (userId: number) => options.unsubscribe.url(userId, "digest"),
  };
  return async (row) => {
    const template = row.template ?? "";
    if (!isTemplate(template)) throw new Error(`Unknown e-mail template ${template}`);
    // The payload was written by queue.ts for this very template.
    return renderQueued(template, row.payload as never, renderOptions);
  };
}

/**
 * Registers the delivery job: every minute through the scheduler (pg-boss on PostgreSQL), and,
 * when the app runs its jobs, at once when an e-mail is queued (a notification after its
 * transaction commits, on every instance; the claim's lease keeps two instances from sending the
 * same one). The mailer closes with the app.
 */
export async function registerEmailDelivery(
  app: FastifyInstance,
  jobs: JobScheduler,
  mailer: Mailer,
  deps: { config: Config; database: DatabaseHandle; startJobs?: boolean; now?: () => Date },
) {
  app.addHook("onClose", () => mailer.close());
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  // Keyed off the app's secret (the one provider keys are sealed with), so links outlive restarts.
  const unsubscribe = createUnsubscribeSigner(
    loadPaymentsSecret({ secret: config.payments.secret, dataDir: config.dataDir }),
    config.publicUrl,
  );
  await app.register(emailRoutes, { db: database.db, unsubscribe });
  jobs.register(EMAIL_REMINDERS_JOB, async () => {
    await runRenewalReminders(database.db, now());
    await runOfferReminders(database.db, now());
  });
  // The digest's figures come from the dashboard's own service, so they cannot disagree.
  const dashboard = createDashboardService({ db: database.db, now });
  jobs.register(EMAIL_DIGESTS_JOB, async () => {
    await runDigests(database.db, dashboard, now());
  });
  const render = queuedRenderer({ publicUrl: config.publicUrl, unsubscribe });
  jobs.register(EMAIL_DELIVERY_JOB, async () => {
    // Batches until nothing is due, so a burst (a renewal run) goes out in one run.
    for (let round = 0; round < 20; round++) {
      const report = await mailer.deliverDue(render);
      if (report.sent + report.kept + report.failed === 0) return;
    }
  });
  if (deps.startJobs) {
    const stop = await deliverPromptly(deps.database, jobs);
    app.addHook("onClose", () => stop());
  }
}

/** Wakes the delivery job when an e-mail is queued; returns the function that stops it. */
function deliverPromptly(
  database: Pick<DatabaseHandle, "listen">,
  jobs: JobScheduler,
): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | null = null;
  return database.listen(EMAILS_CHANNEL, () => {
    // Several e-mails of one transaction wake it once.
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void jobs.runNow(EMAIL_DELIVERY_JOB);
    }, 50);
  });
}
