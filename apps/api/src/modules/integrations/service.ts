import type { Database } from "../../infra/db";
import { createMemberExport } from "./export/service";
import { createApiKeysService } from "./keys/service";

/** API keys, webhooks and member import/export (issue 18), behind one entry for app.ts. */
export function createIntegrationsService(deps: { db: Database; now: () => Date }) {
  return { keys: createApiKeysService(deps), exporter: createMemberExport(deps) };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
