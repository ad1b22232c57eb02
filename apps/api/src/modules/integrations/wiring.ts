import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { DatabaseHandle } from "../../infra/db";
import type { JobScheduler } from "../../infra/jobs";
import type { AuthService } from "../auth/service";
import { registerMemberImportJob } from "./import/wiring";
import { integrationRoutes } from "./routes";
import { createIntegrationsService } from "./service";
import { registerWebhookDelivery } from "./webhooks/wiring";

/**
 * The Integrations screen's routes, the webhook delivery job and the member import's job, for
 * app.ts in one line.
 */
export async function registerIntegrations(
  app: FastifyInstance,
  jobs: JobScheduler,
  deps: {
    config: Config;
    database: DatabaseHandle;
    now: () => Date;
    startJobs?: boolean;
    auth: Pick<AuthService, "sendMemberWelcome">;
  },
) {
  const integrations = createIntegrationsService({
    db: deps.database.db,
    now: deps.now,
    config: deps.config,
    auth: deps.auth,
  });
  await app.register(integrationRoutes, { integrations });
  await registerWebhookDelivery(app, jobs, deps);
  registerMemberImportJob(jobs, integrations);
}
