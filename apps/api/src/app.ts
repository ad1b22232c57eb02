import Fastify, { type FastifyServerOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { DatabaseHandle } from "./infra/db";
import { loggerOptions } from "./logger";
import { healthRoutes } from "./modules/health/routes";
import { registerApiDocs } from "./plugins/docs";
import { registerErrorHandling } from "./plugins/errors";
import { registerSecurityHeaders } from "./plugins/security";
import { registerSpaHosting } from "./plugins/spa";

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
};

export type BuildAppOptions = {
  logger?: FastifyServerOptions["logger"];
};

/** Builds the HTTP application: plugins first, then one register() per module. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config.logLevel),
    trustProxy: true,
    // Let in-flight requests finish on close, but drop idle keep-alive sockets at once.
    forceCloseConnections: "idle",
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The product's own routes, so tests can check that each one is documented.
  const apiRoutes: { method: string; url: string }[] = [];
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.url.startsWith("/api/docs")) {
      for (const method of [route.method].flat()) {
        if (method !== "HEAD") apiRoutes.push({ method, url: route.url });
      }
    }
  });
  app.decorate("apiRoutes", apiRoutes);

  registerErrorHandling(app);
  await registerSecurityHeaders(app, { publicUrl: deps.config.publicUrl });
  await registerApiDocs(app, { publicUrl: deps.config.publicUrl });

  await app.register(healthRoutes, deps);

  await registerSpaHosting(app, { webDist: deps.config.webDist });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: { method: string; url: string }[];
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
