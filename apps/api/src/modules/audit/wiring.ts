import type { FastifyInstance } from "fastify";
import type { Database } from "../../infra/db";
import { registerAuditContext } from "./context";
import { auditRoutes } from "./routes";
import { createAuditService } from "./service";

/** The audit log's request context (who acts, from where) and the owner's routes. */
export async function registerAudit(app: FastifyInstance, db: Database) {
  registerAuditContext(app);
  await app.register(auditRoutes, { audit: createAuditService({ db }) });
}
