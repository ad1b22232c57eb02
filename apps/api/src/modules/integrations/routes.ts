import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { JobScheduler } from "../../infra/jobs";
import { memberExportRoutes } from "./export/routes";
import { memberImportRoutes } from "./import/routes";
import { registerMemberImportJob } from "./import/wiring";
import { apiKeyRoutes } from "./keys/routes";
import { createIntegrationsService, type IntegrationsService } from "./service";

/** The Integrations screen's routes (issue 18), one file per part. */
export const integrationRoutes: FastifyPluginAsync<{ integrations: IntegrationsService }> = async (
  app,
  opts,
) => {
  await app.register(apiKeyRoutes, { keys: opts.integrations.keys });
  await app.register(memberExportRoutes, { exporter: opts.integrations.exporter });
  await app.register(memberImportRoutes, { importer: opts.integrations.importer });
};

/** Issue 18's parts for app.ts: the service, its routes, and the member import's job. */
export async function registerIntegrations(
  app: FastifyInstance,
  deps: Parameters<typeof createIntegrationsService>[0] & { jobs: JobScheduler },
) {
  const integrations = createIntegrationsService(deps);
  await app.register(integrationRoutes, { integrations });
  registerMemberImportJob(deps.jobs, integrations);
}
