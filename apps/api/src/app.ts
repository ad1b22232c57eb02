import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { DatabaseHandle } from "./infra/db";
import { createEventBus, type EventBus } from "./infra/events";
import { registerMedia, registerMultipart } from "./infra/images";
import { createInProcessScheduler, createPgBossScheduler, type JobScheduler } from "./infra/jobs";
import { createMailer, type Mailer } from "./infra/mailer";
import { registerMetrics } from "./infra/metrics";
import { createFortisProvider } from "./infra/payments/fortis";
import { createSandboxProvider, type SandboxProvider } from "./infra/payments/sandbox";
import { sandboxRoutes } from "./infra/payments/sandbox-routes";
import { createKeyBox, loadPaymentsSecret, postbackCredentials } from "./infra/payments/secrets";
import type { PaymentProvider } from "./infra/payments/types";
import { createRateLimiter, createRedisRateLimiter } from "./infra/rate-limit";
import { attachSockets } from "./infra/realtime/sockets";
import { createS3Storage, createStorage, type Storage } from "./infra/storage";
import { loggerOptions } from "./logger";
import { analyticsRoutes } from "./modules/analytics/routes";
import { createAnalyticsService } from "./modules/analytics/service";
import { registerAudit } from "./modules/audit/wiring";
import { customerAuthRoutes } from "./modules/auth/customer-routes";
import { createAccountEmails } from "./modules/auth/emails";
import { googleAuthRoutes } from "./modules/auth/google";
import { authRoutes } from "./modules/auth/routes";
import { type AuthService, createAuthService } from "./modules/auth/service";
import { resolveSession } from "./modules/auth/session";
import { customerEventsRoutes } from "./modules/customer/events";
import { customerLanguageRoutes } from "./modules/customer/language";
import { customerRoutes } from "./modules/customer/routes";
import { createCustomerService } from "./modules/customer/service";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { createDashboardService } from "./modules/dashboard/service";
import { devMailboxRoutes } from "./modules/dev-mailbox/routes";
import { registerEmailDelivery } from "./modules/emails/delivery";
import { healthRoutes, type ReadinessChecks } from "./modules/health/routes";
import { runHousekeeping } from "./modules/housekeeping/housekeeping";
import { registerIntegrations } from "./modules/integrations/wiring";
import { registerMemberCards } from "./modules/member-card/wiring";
import { memberRoutes } from "./modules/members/routes";
import { createMembersService } from "./modules/members/service";
import { membershipRoutes } from "./modules/memberships/routes";
import { createMembershipsService } from "./modules/memberships/service";
import { merchantRedemptionRoutes } from "./modules/merchant-redemptions/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { createNotificationsService } from "./modules/notifications/service";
import { offerRoutes } from "./modules/offers/routes";
import { createOffersService } from "./modules/offers/service";
import { recoverCheckouts } from "./modules/payments/recovery";
import { overdueRenewalRoutes, paymentRoutes } from "./modules/payments/routes";
import { createPaymentsService, type PaymentsService } from "./modules/payments/service";
import { registerPrivacy } from "./modules/privacy/wiring";
import { createRedemptionsService } from "./modules/redemptions/service";
import { reportRoutes } from "./modules/reports/routes";
import { createReportsService } from "./modules/reports/service";
import { shopRoutes } from "./modules/shops/routes";
import { createShopsService } from "./modules/shops/service";
import { createStorefrontReader } from "./modules/shops/storefront";
import { staffRoutes } from "./modules/staff/routes";
import { createStaffService } from "./modules/staff/service";
import { registerAuth } from "./plugins/auth";
import { registerCompression } from "./plugins/compression";
import { registerApiDocs } from "./plugins/docs";
import { registerErrorHandling } from "./plugins/errors";
import { registerInputGuard } from "./plugins/input";
import { registerLifecycle } from "./plugins/lifecycle";
import { registerSecurityHeaders } from "./plugins/security";
import { registerSpaHosting } from "./plugins/spa";

export { CARD_LOOKUPS_PER_MINUTE } from "./modules/member-card/wiring";

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  /** The clock for business dates (offer timing, periods); tests pass their own. */
  now?: () => Date;
  /** Runs the periodic jobs (renewals, expiries); the server does, tests run them by hand. */
  startJobs?: boolean;
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

  if (deps.config.tracing) {
    // The request's span (tracing.ts) gets Fastify's request id, which its log lines carry too.
    const { trace } = await import("@opentelemetry/api");
    app.addHook("onRequest", async (request) => {
      trace.getActiveSpan()?.setAttribute("http.request.id", String(request.id));
    });
  }
  registerErrorHandling(app);
  registerLifecycle(app);
  const metrics = registerMetrics(app, {
    token: deps.config.metricsToken,
    poolStats: deps.database.poolStats,
    sockets: () => (app.hasDecorator("socketConnections") ? app.socketConnections() : 0),
  });
  registerInputGuard(app);
  await registerCompression(app);
  const fortis = deps.config.payments.provider === "fortis" ? deps.config.payments.fortis : null;
  registerSecurityHeaders(app, {
    publicUrl: deps.config.publicUrl,
    // Uploaded images load from the object store's public address when S3 is configured.
    imageOrigins: deps.config.s3 ? [new URL(deps.config.s3.publicBaseUrl).origin] : [],
    // Fortis Elements loads its script and card frame from the provider's origins.
    paymentOrigins: fortis
      ? [new URL(fortis.elementsUrl).origin, new URL(fortis.apiUrl).origin]
      : [],
  });
  await registerApiDocs(app, { publicUrl: deps.config.publicUrl });

  const mailer: Mailer = createMailer({
    smtpUrl: deps.config.smtpUrl,
    mailFrom: deps.config.mailFrom,
    db: deps.database.db,
    logger: app.log,
    onSent: (status) => metrics.emails.inc({ status }),
  });
  const diskStorage = deps.config.s3
    ? null
    : createStorage({ dataDir: deps.config.dataDir, publicUrl: deps.config.publicUrl });
  const storage: Storage = deps.config.s3
    ? createS3Storage(deps.config.s3)
    : (diskStorage as Storage);
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const paymentsSecret = loadPaymentsSecret({
    secret: deps.config.payments.secret,
    dataDir: deps.config.dataDir,
  });
  const sandbox = fortis
    ? null
    : createSandboxProvider({
        db,
        publicUrl: deps.config.publicUrl,
        now,
        latencyMs: deps.config.payments.sandboxLatencyMs,
      });
  const provider: PaymentProvider = fortis
    ? createFortisProvider(fortis)
    : (sandbox as PaymentProvider);
  const postback = postbackCredentials(paymentsSecret);
  const postbackUrl = new URL("/api/v1/fortis/postback", deps.config.publicUrl);
  postbackUrl.username = postback.username;
  postbackUrl.password = postback.password;
  const events: EventBus = await createEventBus(deps.database);
  app.decorate("events", events);
  app.addHook("onClose", () => events.close());
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
    redemptions: createRedemptionsService({ db, now }),
    notifications: createNotificationsService({ db }),
    payments: createPaymentsService({
      db,
      provider,
      keyBox: createKeyBox(paymentsSecret),
      publicUrl: deps.config.publicUrl,
      postbackUrl: postbackUrl.toString(),
      now,
      logger: app.log,
    }),
  };
  const members = createMembersService({
    db,
    auth: services.auth,
    payments: services.payments,
    redemptions: services.redemptions,
    storage,
    now,
  });
  const staff = createStaffService({ db, auth: services.auth, storage });
  const customer = createCustomerService({ db, storage, now, memberships: services.memberships });
  app.decorate("services", { ...services, members, staff });
  registerAuth(app, db);
  await registerAudit(app, db);
  await registerMultipart(app);
  registerMedia(app, { storage, diskStorage, dataDir: deps.config.dataDir });

  const limiter = deps.config.redisUrl
    ? createRedisRateLimiter({
        url: deps.config.redisUrl,
        prefix: deps.config.redisPrefix,
        max: deps.config.rateLimitPerMinute,
        logger: app.log,
      })
    : createRateLimiter({ max: deps.config.rateLimitPerMinute });
  app.addHook("onClose", () => limiter.close());
  const authOptions = { auth: services.auth, limiter, googleEnabled: deps.config.oidc !== null };
  // Filled in as the parts exist: the job scheduler is created after the routes.
  const readiness: ReadinessChecks = limiter.ping
    ? { redis: () => limiter.ping?.() as Promise<void> }
    : {};
  await app.register(healthRoutes, { ...deps, readiness });
  await app.register(authRoutes, authOptions);
  await app.register(customerAuthRoutes, authOptions);
  const readStorefront = createStorefrontReader({ db, now });
  await app.register(shopRoutes, { shops: services.shops, readStorefront });
  await app.register(membershipRoutes, { memberships: services.memberships });
  await app.register(offerRoutes, { offers: services.offers });
  await app.register(notificationRoutes, { notifications: services.notifications });
  await attachSockets(app, {
    resolveToken: (token) => resolveSession(db, token),
    events,
    claim: (ids) => services.notifications.claimForDelivery(ids),
    databaseUrl: deps.config.databaseUrl,
    redisUrl: deps.config.redisUrl,
    publicUrl: deps.config.publicUrl,
  });
  await app.register(paymentRoutes, {
    payments: services.payments,
    postbackCredentials: postback,
  });
  await app.register(overdueRenewalRoutes, { payments: services.payments });
  await app.register(customerRoutes, {
    customer,
    auth: services.auth,
    redemptions: services.redemptions,
  });
  await app.register(customerEventsRoutes, { db, events });
  await app.register(customerLanguageRoutes, { db });
  await app.register(memberRoutes, { members, payments: services.payments });
  await registerMemberCards(app, {
    db,
    config: deps.config,
    customer,
    storage,
    events,
    secret: paymentsSecret,
  });
  await app.register(merchantRedemptionRoutes, { redemptions: services.redemptions, db });
  await app.register(staffRoutes, { staff });
  await registerPrivacy(app, { db, storage, payments: services.payments, now });
  await app.register(dashboardRoutes, { dashboard: createDashboardService({ db, now }) });
  await app.register(analyticsRoutes, { analytics: createAnalyticsService({ db, now }) });
  await app.register(reportRoutes, {
    reports: createReportsService({ db, now, copyValues: deps.database.copyValues }),
  });
  await registerConfiguredRoutes(app, deps, {
    sandbox,
    auth: services.auth,
    payments: services.payments,
  });

  const onRun = metrics.jobRun;
  const jobs: JobScheduler = deps.config.databaseUrl
    ? createPgBossScheduler({ connectionString: deps.config.databaseUrl, logger: app.log, onRun })
    : createInProcessScheduler({ logger: app.log, onRun });
  metrics.setQueueDepths(() => jobs.queueDepths());
  jobs.register("membership-renewals", async () => {
    for (const { outcome } of await services.payments.renewals.runRenewals()) {
      metrics.renewals.inc({ outcome });
    }
  });
  jobs.register("membership-expiries", () => services.payments.renewals.runExpiries());
  jobs.register("membership-expiry-notices", () => services.payments.renewals.runExpiryNotices());
  jobs.register("membership-rewards", () => services.payments.rewards.runRewards());
  // The first sweep after start-up looks at every open checkout, however young: the crash that
  // preceded it may have cut any completion short.
  let firstRecovery = true;
  jobs.register("checkout-recovery", () => {
    const minAgeMs = firstRecovery ? 0 : undefined;
    firstRecovery = false;
    return recoverCheckouts({ db, payments: services.payments, now, log: app.log, minAgeMs });
  });
  // Hourly is plenty for deleting old rows; the scheduler ticks every minute.
  let lastHousekeeping = 0;
  jobs.register("housekeeping", async () => {
    if (Date.now() - lastHousekeeping < 60 * 60 * 1000) return;
    lastHousekeeping = Date.now();
    return runHousekeeping(db, { now: now(), retentionDays: deps.config.retentionDays });
  });
  await registerEmailDelivery(app, jobs, mailer, deps);
  await registerIntegrations(app, jobs, { ...deps, now, auth: services.auth });
  app.decorate("jobs", jobs);
  if (deps.startJobs) {
    readiness.jobs = () => jobs.check();
    app.addHook("onReady", async () => {
      await jobs.start();
      // pg-boss first runs a sweep at the next minute; recovery should not wait that long.
      void jobs.runNow("checkout-recovery");
    });
    app.addHook("onClose", () => jobs.stop());
  }

  await registerSpaHosting(app, {
    webDist: deps.config.webDist,
    publicUrl: deps.config.publicUrl,
    readStorefront,
  });
  return app;
}

type Services = {
  auth: ReturnType<typeof createAuthService>;
  shops: ReturnType<typeof createShopsService>;
  memberships: ReturnType<typeof createMembershipsService>;
  offers: ReturnType<typeof createOffersService>;
  payments: ReturnType<typeof createPaymentsService>;
  redemptions: ReturnType<typeof createRedemptionsService>;
  members: ReturnType<typeof createMembersService>;
  staff: ReturnType<typeof createStaffService>;
};

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: { method: string; url: string }[];
    /** The modules' services, for modules that build on each other and for tests. */
    services: Services;
    jobs: JobScheduler;
    /** Changes and notifications, delivered after commit to every instance. */
    events: EventBus;
  }
}

/**
 * The routes that exist only in some set-ups: the sandbox card provider (no Fortis account),
 * the developer mailbox, and Google sign-in when an OpenID provider is configured.
 */
async function registerConfiguredRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  parts: {
    sandbox: SandboxProvider | null;
    auth: AuthService;
    payments: PaymentsService;
  },
) {
  const { sandbox, auth, payments } = parts;
  if (sandbox) {
    await app.register(sandboxRoutes, {
      sandbox,
      onOnboardingApproved: (reference, account) =>
        payments.onboarding.applyOnboarding(reference, account),
    });
  }
  if (deps.config.devMailbox) {
    await app.register(devMailboxRoutes, { database: deps.database });
  }
  if (deps.config.oidc) {
    await app.register(googleAuthRoutes, {
      auth,
      oidc: deps.config.oidc,
      publicUrl: deps.config.publicUrl,
      db: deps.database.db,
    });
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
