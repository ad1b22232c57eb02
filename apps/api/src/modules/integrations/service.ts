import type { Config } from "../../config";
import type { Database } from "../../infra/db";
import type { AuthService } from "../auth/service";
import { createMemberExport } from "./export/service";
import { createMemberImportParts } from "./import/wiring";
import { createApiKeysService } from "./keys/service";
import { createWebhooksService } from "./webhooks/service";

/** API keys, webhooks and member import/export (issue 18), behind one entry for app.ts. */
export function createIntegrationsService(deps: {
  db: Database;
  now: () => Date;
  config: Pick<Config, "env" | "webhooksAllowPrivate">;
  auth: Pick<AuthService, "sendMemberWelcome">;
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
    ...createMemberImportParts(deps),
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
