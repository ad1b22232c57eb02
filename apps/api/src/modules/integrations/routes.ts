import type { FastifyPluginAsync } from "fastify";
import { memberExportRoutes } from "./export/routes";
import { memberImportRoutes } from "./import/routes";
import { apiKeyRoutes } from "./keys/routes";
import type { IntegrationsService } from "./service";
import { webhookRoutes } from "./webhooks/routes";

/** The Integrations screen's routes (issue 18), one file per part. */
export const integrationRoutes: FastifyPluginAsync<{ integrations: IntegrationsService }> = async (
  app,
  opts,
) => {
  await app.register(apiKeyRoutes, { keys: opts.integrations.keys });
  await app.register(memberExportRoutes, { exporter: opts.integrations.exporter });
  await app.register(webhookRoutes, { webhooks: opts.integrations.webhooks });
  await app.register(memberImportRoutes, { importer: opts.integrations.importer });
};
