import Fastify, { type FastifyServerOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { DatabaseHandle } from "./infra/db";
import { registerMultipart } from "./infra/images";
import { createMailer, type Mailer } from "./infra/mailer";
import { createRateLimiter } from "./infra/rate-limit";
import {
  createS3Storage,
  createStorage,
  registerUploadsHosting,
  type Storage,
} from "./infra/storage";
import { loggerOptions } from "./logger";
import { customerAuthRoutes } from "./modules/auth/customer-routes";
import { createAccountEmails } from "./modules/auth/emails";
import { googleAuthRoutes } from "./modules/auth/google";
import { authRoutes } from "./modules/auth/routes";
import { createAuthService } from "./modules/auth/service";
import { devMailboxRoutes } from "./modules/dev-mailbox/routes";
import { healthRoutes } from "./modules/health/routes";
import { membershipRoutes } from "./modules/memberships/routes";
import { createMembershipsService } from "./modules/memberships/service";
import { offerRoutes } from "./modules/offers/routes";
import { createOffersService } from "./modules/offers/service";
import { shopRoutes } from "./modules/shops/routes";
import { createShopsService } from "./modules/shops/service";
import { registerAuth } from "./plugins/auth";
import { registerApiDocs } from "./plugins/docs";
import { registerErrorHandling } from "./plugins/errors";
import { registerSecurityHeaders } from "./plugins/security";
import { registerSpaHosting } from "./plugins/spa";

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  /** The clock for business dates (offer timing, periods); tests pass their own. */
  now?: () => Date;
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
  await registerSecurityHeaders(app, {
    publicUrl: deps.config.publicUrl,
    // Uploaded images load from the object store's public address when S3 is configured.
    imageOrigins: deps.config.s3 ? [new URL(deps.config.s3.publicBaseUrl).origin] : [],
  });
  await registerApiDocs(app, { publicUrl: deps.config.publicUrl });

  const mailer: Mailer = createMailer({
    smtpUrl: deps.config.smtpUrl,
    mailFrom: deps.config.mailFrom,
    db: deps.database.db,
    logger: app.log,
  });
  app.addHook("onClose", () => mailer.close());
  const diskStorage = deps.config.s3
    ? null
    : createStorage({ dataDir: deps.config.dataDir, publicUrl: deps.config.publicUrl });
  const storage: Storage = deps.config.s3
    ? createS3Storage(deps.config.s3)
    : (diskStorage as Storage);
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const services = {
    auth: createAuthService({
      db,
      config: deps.config,
      emails: createAccountEmails(mailer, storage),
      storage,
    }),
    shops: createShopsService({ db, storage }),
    memberships: createMembershipsService({ db, now }),
    offers: createOffersService({ db, storage, now }),
  };
  app.decorate("services", services);

  registerAuth(app, db);
  await registerMultipart(app);
  if (diskStorage) registerUploadsHosting(app, diskStorage);

  const limiter = createRateLimiter({ max: deps.config.rateLimitPerMinute });
  const authOptions = { auth: services.auth, limiter, googleEnabled: deps.config.oidc !== null };
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, authOptions);
  await app.register(customerAuthRoutes, authOptions);
  await app.register(shopRoutes, { shops: services.shops });
  await app.register(membershipRoutes, { memberships: services.memberships });
  await app.register(offerRoutes, { offers: services.offers });
  if (deps.config.devMailbox) {
    await app.register(devMailboxRoutes, { database: deps.database });
  }
  if (deps.config.oidc) {
    await app.register(googleAuthRoutes, {
      auth: services.auth,
      oidc: deps.config.oidc,
      publicUrl: deps.config.publicUrl,
      db,
    });
  }

  await registerSpaHosting(app, { webDist: deps.config.webDist });
  return app;
}

type Services = {
  auth: ReturnType<typeof createAuthService>;
  shops: ReturnType<typeof createShopsService>;
  memberships: ReturnType<typeof createMembershipsService>;
  offers: ReturnType<typeof createOffersService>;
};

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: { method: string; url: string }[];
    /** The modules' services, for modules that build on each other and for tests. */
    services: Services;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
