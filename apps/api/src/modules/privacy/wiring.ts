import type { FastifyInstance } from "fastify";
import { privacyRoutes } from "./routes";
import { createPrivacyService, type PrivacyDeps } from "./service";

/** The privacy routes (export, erasure), built on the payments service for cancellations. */
export async function registerPrivacy(app: FastifyInstance, deps: PrivacyDeps) {
  await app.register(privacyRoutes, { privacy: createPrivacyService(deps) });
}
