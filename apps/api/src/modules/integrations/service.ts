import type { Config } from "../../config";
import type { Database } from "../../infra/db";
import { createMemberExport } from "./export/service";
import { createApiKeysService } from "./keys/service";
import { createWebhooksService } from "./webhooks/service";

/** API keys, webhooks and member import/export (issue 18), behind one entry for app.ts. */
export function createIntegrationsService(deps: {
  db: Database;
  now: () => Date;
  config: Pick<Config, "env" | "webhooksAllowPrivate">;
}) {
  return {
    keys: createApiKeysService(deps),
    exporter: createMemberExport(deps),
    webhooks: createWebhooksService({
      db: deps.db,
      now: deps.now,
      allowPrivate: deps.config.webhooksAllowPrivate,
      allowHttp: deps.config.env === "development",
    }),
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
