import { resolve } from "node:path";
import { z } from "zod";
import type { FortisAccount } from "./infra/payments/fortis";
import type { S3Options } from "./infra/storage/s3-storage";
import { repoRoot } from "./paths";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: z.url({ error: "must be a URL such as https://shop.example.com" }).optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  WEB_DIST: z.string().min(1).default(resolve(repoRoot, "apps/web/dist")),
  SEED_DEMO: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Tessera <no-reply@tessera.local>"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z
    .url({ error: "must be the issuer URL of an OpenID provider" })
    .default("https://accounts.google.com"),
  S3_ENDPOINT: z.url({ error: "must be the URL of an S3-compatible endpoint" }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ error: "must be the public URL files are served from" }).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, "must be a redis:// or rediss:// URL")
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, "must be 1–40 letters, digits, colons, dashes or underscores")
    .default("tessera"),
  PAYMENTS_PROVIDER: z
    .enum(["sandbox", "fortis"], { error: "must be sandbox or fortis" })
    .default("sandbox"),
  PAYMENTS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  FORTIS_API_URL: z
    .url({ error: "must be the Fortis API base URL" })
    .default("https://api.sandbox.fortis.tech"),
  FORTIS_DEVELOPER_ID: z.string().min(1).optional(),
  FORTIS_USER_ID: z.string().min(1).optional(),
  FORTIS_USER_API_KEY: z.string().min(1).optional(),
  FORTIS_ELEMENTS_URL: z
    .url({ error: "must be the URL of the Fortis Elements script" })
    .default("https://js.sandbox.fortis.tech/commercejs-v1.0.0.min.js"),
  FORTIS_ENVIRONMENT: z.string().min(1).default("sandbox"),
  FORTIS_ONBOARDING_TEMPLATE: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .positive("must be above 0")
    .default(10),
  RETENTION_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(90),
  PAYMENTS_SANDBOX_LATENCY_MS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must not be negative")
    .default(0),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, "must be a pass type identifier such as pass.com.example.card")
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, "must be the 10-character Apple team identifier")
    .optional(),
  APPLE_PASS_CERT: z.string().min(1).optional(),
  APPLE_PASS_KEY: z.string().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().min(1).optional(),
  APPLE_PASS_PUSH: booleanFlag.default(false),
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{5,25}$/, "must be the numeric Google Wallet issuer id")
    .optional(),
  GOOGLE_WALLET_KEY_FILE: z.string().min(1).optional(),
  GOOGLE_WALLET_API_URL: z
    .url({ error: "must be the URL of the Google Wallet API" })
    .default("https://walletobjects.googleapis.com"),
  // Read by the tracing preload (src/tracing.ts) before the server starts; checked here as well,
  // so a mistyped endpoint stops the server with its name instead of losing every trace.
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ error: "must be the URL of an OTLP/HTTP collector, such as http://collector:4318" })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("tessera"),
  WEBHOOKS_ALLOW_PRIVATE: booleanFlag.default(false),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must not be negative")
    .default(10_000),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  webDist: string;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Google (or any OpenID provider) sign-in; null when not configured, and the buttons hide. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  /** Attempts per minute per IP and per e-mail on sign-in, sign-up, forgot-password, resend. */
  rateLimitPerMinute: number;
  /** Days sent e-mails, read notifications and ended sessions are kept. */
  retentionDays: number;
  /** How long a stopping instance waits for requests in flight. */
  shutdownGraceMs: number;
  /** Webhooks may reach private, loopback and link-local addresses (tests, self-hosting). */
  webhooksAllowPrivate: boolean;
  /**
   * Apple Wallet passes of the member card; null without the pass type, team, certificate, key
   * and WWDR certificate (the Apple button hides). Paths are PEM files.
   */
  appleWallet: {
    passTypeId: string;
    teamId: string;
    certPath: string;
    keyPath: string;
    keyPassphrase: string | undefined;
    wwdrPath: string;
    /** Tell registered phones through APNs when a pass changes. */
    push: boolean;
  } | null;
  /** Google Wallet loyalty cards; null without the issuer id and the service-account key file. */
  googleWallet: { issuerId: string; keyFile: string; apiUrl: string } | null;
  /** OpenTelemetry tracing runs (started by src/tracing.ts before the server). */
  tracing: boolean;
  /** Bearer token of `GET /metrics`; unset, the route does not exist. */
  metricsToken: string | undefined;
  /** S3-compatible storage for uploads; null keeps them on disk under DATA_DIR/uploads. */
  s3: S3Options | null;
  /** The developer mailbox is served only without SMTP and outside production. */
  devMailbox: boolean;
  /** socket.io fans out through Redis when set, else through PostgreSQL (several instances). */
  redisUrl: string | undefined;
  /** Namespace of Tessera's keys in Redis, so deployments can share one Redis. */
  redisPrefix: string;
  payments: {
    provider: "sandbox" | "fortis";
    /**
     * Encrypts merchants' provider keys and derives the postback credentials. Unset: a random
     * secret kept in DATA_DIR (one instance); several instances must share one.
     */
    secret: string | undefined;
    /** The sandbox answers its look-ups this much later, as a real provider would. */
    sandboxLatencyMs: number;
    fortis: FortisAccount | null;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The member card's wallets; each is null (its button hidden) until fully configured. */
function walletConfig(e: z.output<typeof envSchema>): Pick<Config, "googleWallet" | "appleWallet"> {
  return {
    googleWallet:
      e.GOOGLE_WALLET_ISSUER_ID && e.GOOGLE_WALLET_KEY_FILE
        ? {
            issuerId: e.GOOGLE_WALLET_ISSUER_ID,
            keyFile: resolve(e.GOOGLE_WALLET_KEY_FILE),
            apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/+$/, ""),
          }
        : null,
    appleWallet:
      e.APPLE_PASS_TYPE_ID &&
      e.APPLE_TEAM_ID &&
      e.APPLE_PASS_CERT &&
      e.APPLE_PASS_KEY &&
      e.APPLE_WWDR_CERT
        ? {
            passTypeId: e.APPLE_PASS_TYPE_ID,
            teamId: e.APPLE_TEAM_ID,
            certPath: resolve(e.APPLE_PASS_CERT),
            keyPath: resolve(e.APPLE_PASS_KEY),
            keyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
            wwdrPath: resolve(e.APPLE_WWDR_CERT),
            push: e.APPLE_PASS_PUSH,
          }
        : null,
  };
}

/** Reads and validates the environment; a bad value names its variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const s3Vars = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    throw new ConfigError([
      "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all four, or none",
    ]);
  }
  const appleVars = [
    e.APPLE_PASS_TYPE_ID,
    e.APPLE_TEAM_ID,
    e.APPLE_PASS_CERT,
    e.APPLE_PASS_KEY,
    e.APPLE_WWDR_CERT,
  ];
  if (appleVars.some(Boolean) && !appleVars.every(Boolean)) {
    throw new ConfigError([
      "APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY and APPLE_WWDR_CERT: set all five, or none",
    ]);
  }
  if (Boolean(e.GOOGLE_WALLET_ISSUER_ID) !== Boolean(e.GOOGLE_WALLET_KEY_FILE)) {
    throw new ConfigError([
      "GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE: set both, or none",
    ]);
  }
  const fortisVars = [e.FORTIS_DEVELOPER_ID, e.FORTIS_USER_ID, e.FORTIS_USER_API_KEY];
  if (e.PAYMENTS_PROVIDER === "fortis" && !fortisVars.every(Boolean)) {
    throw new ConfigError([
      "PAYMENTS_PROVIDER=fortis needs FORTIS_DEVELOPER_ID, FORTIS_USER_ID and FORTIS_USER_API_KEY",
    ]);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
          }
        : null,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    retentionDays: e.RETENTION_DAYS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    metricsToken: e.METRICS_TOKEN,
    ...walletConfig(e),
    tracing: Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicBaseUrl: e.S3_PUBLIC_URL ?? `${e.S3_ENDPOINT.replace(/\/+$/, "")}/${e.S3_BUCKET}`,
          }
        : null,
    devMailbox: !e.SMTP_URL && e.NODE_ENV !== "production",
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      secret: e.PAYMENTS_SECRET,
      sandboxLatencyMs: e.PAYMENTS_SANDBOX_LATENCY_MS,
      fortis:
        e.FORTIS_DEVELOPER_ID && e.FORTIS_USER_ID && e.FORTIS_USER_API_KEY
          ? {
              apiUrl: e.FORTIS_API_URL.replace(/\/+$/, ""),
              developerId: e.FORTIS_DEVELOPER_ID,
              platformUserId: e.FORTIS_USER_ID,
              platformApiKey: e.FORTIS_USER_API_KEY,
              elementsUrl: e.FORTIS_ELEMENTS_URL,
              environment: e.FORTIS_ENVIRONMENT,
              onboardingTemplateCode: e.FORTIS_ONBOARDING_TEMPLATE,
            }
          : null,
    },
  };
}
