import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { DatabaseHandle } from "../../infra/db";
import type { JobScheduler } from "../../infra/jobs";
import { integrationRoutes } from "./routes";
import { createIntegrationsService } from "./service";
import { registerWebhookDelivery } from "./webhooks/wiring";

/** The Integrations screen's routes and the webhook delivery job, for app.ts in one line. */
export async function registerIntegrations(
  app: FastifyInstance,
  jobs: JobScheduler,
  deps: { config: Config; database: DatabaseHandle; now: () => Date; startJobs?: boolean },
) {
  const integrations = createIntegrationsService({
    db: deps.database.db,
    now: deps.now,
    config: deps.config,
  });
  await app.register(integrationRoutes, { integrations });
  await registerWebhookDelivery(app, jobs, deps);
}
