import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../infra/db";
import type { JobScheduler } from "../../infra/jobs";
import type { Mailer, QueuedRenderer } from "../../infra/mailer";
import { EMAILS_CHANNEL } from "./queue";
import { isTemplate, renderQueued } from "./templates";

/** The periodic job that writes and sends queued e-mails (and retries failed ones). */
export const EMAIL_DELIVERY_JOB = "email-delivery";

export function queuedRenderer(options: { publicUrl: string }): QueuedRenderer {
  return async (row) => {
    const template = row.template ?? "";
    if (!isTemplate(template)) throw new Error(`Unknown e-mail template ${template}`);
    // The payload was written by queue.ts for this very template.
    return renderQueued(template, row.payload as never, options);
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
  deps: { config: { publicUrl: string }; database: DatabaseHandle; startJobs?: boolean },
) {
  app.addHook("onClose", () => mailer.close());
  const render = queuedRenderer({ publicUrl: deps.config.publicUrl });
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
