import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { MAX_ID } from "@tessera/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as client from "openid-client";
import { z } from "zod";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import * as repo from "./repo";
import type { AuthService } from "./service";

/**
 * Google sign-in (any OpenID provider): the authorization code flow with PKCE (S256), state and
 * nonce. Nothing is stored in the database while the browser is away: the verifier, nonce, state
 * and shop travel in an encrypted, httpOnly cookie bound to this browser, so a callback only
 * completes in the browser that started it (login CSRF) and any instance sharing the client
 * secret can finish a flow another one started.
 */
export type GoogleAuthRoutesOptions = {
  auth: AuthService;
  oidc: NonNullable<Config["oidc"]>;
  publicUrl: string;
  /** Only to check that the shop exists before a customer leaves for the provider. */
  db: Database;
};

/** What the sign-in page shows (as a toast) when the flow does not end with a session. */
export const GOOGLE_MESSAGES = {
  cancelled: "Google sign-in was cancelled.",
  failed: "Google sign-in failed. Please try again.",
  expired: "Your Google sign-in expired or was started in another browser. Please try again.",
  noEmail: "Your Google account has no email address.",
  unverified: "Your Google account's email is not verified.",
  unusableEmail: "Your Google account's email address cannot be used here.",
} as const;

export const GOOGLE_FLOW_COOKIE = "tessera_google_flow";
export const GOOGLE_FLOW_TTL_MS = 10 * 60_000;
const COOKIE_PATH = "/api/v1";
const SCOPE = "openid profile email";
const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

type FlowKind = "merchant" | "customer";

const paths = {
  merchant: { start: "/api/v1/auth/google", callback: "/api/v1/auth/google/callback" },
  customer: {
    start: "/api/v1/customer/auth/google",
    callback: "/api/v1/customer/auth/google/callback",
  },
} as const;

// Cookie contents ------------------------------------------------------------------------------

const flowSchema = z.object({
  kind: z.enum(["merchant", "customer"]),
  state: z.string().min(1),
  verifier: z.string().min(1),
  nonce: z.string().min(1),
  shopId: z.number().int().positive().max(MAX_ID).optional(),
  expiresAt: z.number(),
});
type Flow = z.infer<typeof flowSchema>;

const COOKIE_AAD = Buffer.from("tessera google sign-in flow v1");

/**
 * AES-256-GCM with a key derived from the client secret (HKDF-SHA256): unreadable and
 * unforgeable by the browser, and the same key on every instance configured with that secret.
 */
export function createFlowSealer(clientSecret: string) {
  const key = Buffer.from(
    hkdfSync("sha256", clientSecret, "tessera-oidc-flow", "google sign-in flow cookie", 32),
  );
  return {
    seal(flow: Flow): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(COOKIE_AAD);
      const body = Buffer.concat([cipher.update(JSON.stringify(flow), "utf8"), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
    },
    /** The flow, or null when the value was tampered with, sealed with another key, or garbage. */
    open(sealed: string): Flow | null {
      try {
        const raw = Buffer.from(sealed, "base64url");
        if (raw.length < 12 + 16 + 1) return null;
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
        decipher.setAAD(COOKIE_AAD);
        decipher.setAuthTag(raw.subarray(raw.length - 16));
        const json = Buffer.concat([
          decipher.update(raw.subarray(12, raw.length - 16)),
          decipher.final(),
        ]).toString("utf8");
        const parsed = flowSchema.safeParse(JSON.parse(json));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

/** One cookie's value from a Cookie header (no @fastify/cookie here). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1);
    }
    return value;
  }
  return undefined;
}

function flowCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [
    `${GOOGLE_FLOW_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Provider --------------------------------------------------------------------------------------

function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "[::1]" ||
    hostname === "::1" ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/**
 * Discovery once, on first use, then cached; a failure is not cached, so the next sign-in tries
 * again. Plain http is accepted only for an issuer on this machine (a local test provider).
 */
function lazyDiscovery(oidc: GoogleAuthRoutesOptions["oidc"]) {
  let pending: Promise<client.Configuration> | null = null;
  return (): Promise<client.Configuration> => {
    if (!pending) {
      const issuer = new URL(oidc.issuer);
      const insecure = issuer.protocol === "http:" && isLoopback(issuer.hostname);
      const attempt = client.discovery(
        issuer,
        oidc.clientId,
        undefined,
        client.ClientSecretBasic(oidc.clientSecret),
        { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
      );
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}

/** A failure whose message is meant for the person signing in. */
class SignInProblem extends Error {}

type Profile = { email: string; firstName: string; lastName: string };

function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

const clip = (value: string) => value.slice(0, NAME_MAX_LENGTH).trim();

/** given_name / family_name; else `name` split at the first space; else the e-mail's local part. */
export function profileFromClaims(claims: Record<string, unknown>): Profile {
  const rawEmail = text(claims.email);
  if (!rawEmail) throw new SignInProblem(GOOGLE_MESSAGES.noEmail);
  if (claims.email_verified !== true) throw new SignInProblem(GOOGLE_MESSAGES.unverified);
  const email = rawEmail.toLowerCase();
  if (!z.email().max(EMAIL_MAX_LENGTH).safeParse(email).success) {
    throw new SignInProblem(GOOGLE_MESSAGES.unusableEmail);
  }
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  const [first, ...rest] = (text(claims.name) ?? "").split(/\s+/);
  const firstName = given ?? (first || undefined) ?? email.slice(0, email.indexOf("@"));
  const lastName = family ?? (given ? "" : rest.join(" "));
  return { email, firstName: clip(firstName), lastName: clip(lastName) };
}

// Routes ---------------------------------------------------------------------------------------

const callbackParam = z.string().optional().catch(undefined);

const callbackQuerySchema = z.object({
  code: callbackParam.describe("Authorization code from the provider"),
  state: callbackParam.describe("The state sent to the provider"),
  error: callbackParam.describe("Set by the provider when sign-in did not happen"),
  error_description: callbackParam,
  iss: callbackParam.describe("The provider's issuer identifier"),
});
type CallbackQuery = z.infer<typeof callbackQuerySchema>;

const customerStartQuerySchema = z.object({
  // A malformed id is treated like an unknown shop (a redirect), not a JSON 400 in the browser.
  shopId: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_ID)
    .optional()
    .catch(undefined)
    .describe("The shop the customer signs in to"),
});

/** The shop in a customer state (`{shopId}.{random}`): where an error goes without the cookie. */
function shopIdFromState(state: string | undefined): number | undefined {
  const match = state ? /^([1-9]\d{0,9})\./.exec(state) : null;
  if (!match?.[1]) return undefined;
  const shopId = Number(match[1]);
  return shopId <= MAX_ID ? shopId : undefined;
}

function spaUrl(kind: FlowKind, shopId: number | undefined, key: string, value: string): string {
  const path = kind === "customer" && shopId !== undefined ? `/${shopId}/login` : "/";
  return `${path}?${key}=${encodeURIComponent(value)}`;
}

export const googleAuthRoutes: FastifyPluginAsyncZod<GoogleAuthRoutesOptions> = async (
  app,
  opts,
) => {
  const { auth, oidc, db } = opts;
  const publicUrl = opts.publicUrl.replace(/\/+$/, "");
  const secure = publicUrl.startsWith("https:");
  const sealer = createFlowSealer(oidc.clientSecret);
  const discovered = lazyDiscovery(oidc);
  const redirectUri = (kind: FlowKind) => `${publicUrl}${paths[kind].callback}`;

  function redirect(reply: FastifyReply, location: string) {
    reply.header("cache-control", "no-store");
    return reply.redirect(location, 302);
  }

  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: FlowKind,
    shopId?: number,
  ) {
    let config: client.Configuration;
    try {
      config = await discovered();
    } catch (error) {
      request.log.error({ err: error }, "google sign-in: provider discovery failed");
      return redirect(reply, spaUrl(kind, shopId, "error", GOOGLE_MESSAGES.failed));
    }
    const verifier = client.randomPKCECodeVerifier();
    // The state carries the shop, so even a callback without its cookie returns to that shop.
    const state = kind === "customer" ? `${shopId}.${client.randomState()}` : client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(kind),
      response_type: "code",
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    const flow: Flow = {
      kind,
      state,
      verifier,
      nonce,
      ...(shopId !== undefined ? { shopId } : {}),
      expiresAt: Date.now() + GOOGLE_FLOW_TTL_MS,
    };
    reply.header(
      "set-cookie",
      flowCookie(sealer.seal(flow), Math.floor(GOOGLE_FLOW_TTL_MS / 1000), secure),
    );
    return redirect(reply, url.href);
  }

  async function finish(
    request: FastifyRequest,
    query: CallbackQuery,
    kind: FlowKind,
    flow: Flow | null,
  ) {
    if (query.error) {
      throw new SignInProblem(
        query.error === "access_denied" ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.failed,
      );
    }
    if (
      !flow ||
      flow.kind !== kind ||
      flow.expiresAt <= Date.now() ||
      !query.state ||
      !sameString(query.state, flow.state) ||
      (kind === "customer" && flow.shopId === undefined)
    ) {
      throw new SignInProblem(GOOGLE_MESSAGES.expired);
    }
    const config = await discovered();
    // The full query as received (openid-client checks state, iss and error itself); the base is
    // the registered redirect URI, which is also what the token request must repeat.
    const currentUrl = new URL(redirectUri(kind));
    const queryStart = request.url.indexOf("?");
    currentUrl.search = queryStart === -1 ? "" : request.url.slice(queryStart);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error("the provider returned no ID token");
    let claims: Record<string, unknown> = idClaims;
    // Google puts e-mail and names in the ID token; other providers may keep them for userinfo.
    if (
      (idClaims.email === undefined || idClaims.email_verified === undefined) &&
      tokens.access_token
    ) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims };
    }
    const profile = profileFromClaims(claims);
    const signedIn = await auth.signInWithVerifiedEmail({ ...profile, shopId: flow.shopId });
    // The shop's own owner or staff signing in on its page go to the merchant area.
    return { ...signedIn, shopId: flow.shopId };
  }

  async function callback(
    request: FastifyRequest,
    reply: FastifyReply,
    query: CallbackQuery,
    kind: FlowKind,
  ) {
    const sealed = readCookie(request.headers.cookie, GOOGLE_FLOW_COOKIE);
    const flow = sealed ? sealer.open(sealed) : null;
    // Single use: whatever happens next, the flow cookie is gone.
    reply.header("set-cookie", flowCookie("", 0, secure));
    try {
      const { token, shopId, as } = await finish(request, query, kind, flow);
      return redirect(reply, spaUrl(as, shopId, "token", token));
    } catch (error) {
      const shopId =
        kind === "customer" ? (shopIdFromState(query.state) ?? flow?.shopId) : undefined;
      let message: string = GOOGLE_MESSAGES.failed;
      if (error instanceof SignInProblem) {
        message = error.message;
        request.log.info({ reason: message, providerError: query.error }, "google sign-in refused");
      } else if (error instanceof AppError && error.status < 500) {
        if (error.code === "NOT_FOUND" && kind === "customer") return redirect(reply, "/not-found");
        message = error.message;
        request.log.info({ reason: message }, "google sign-in refused");
      } else {
        request.log.warn({ err: error }, "google sign-in failed");
      }
      return redirect(reply, spaUrl(kind, shopId, "error", message));
    }
  }

  app.get(
    paths.merchant.start,
    {
      schema: {
        tags: ["auth"],
        summary: "Start Google sign-in for a merchant (redirects to the provider)",
      },
    },
    async (request, reply) => start(request, reply, "merchant"),
  );

  app.get(
    paths.merchant.callback,
    {
      schema: {
        tags: ["auth"],
        summary: "Google returns here; redirects to /?token=… or /?error=…",
        querystring: callbackQuerySchema,
      },
    },
    async (request, reply) => callback(request, reply, request.query, "merchant"),
  );

  app.get(
    paths.customer.start,
    {
      schema: {
        tags: ["customer auth"],
        summary: "Start Google sign-in for a shop's customer (redirects to the provider)",
        querystring: customerStartQuerySchema,
      },
    },
    async (request, reply) => {
      const { shopId } = request.query;
      if (shopId === undefined) return redirect(reply, "/not-found");
      try {
        if (!(await repo.findShopById(db, shopId))) return redirect(reply, "/not-found");
      } catch (error) {
        request.log.error({ err: error }, "google sign-in: shop lookup failed");
        return redirect(reply, spaUrl("customer", shopId, "error", GOOGLE_MESSAGES.failed));
      }
      return start(request, reply, "customer", shopId);
    },
  );

  app.get(
    paths.customer.callback,
    {
      schema: {
        tags: ["customer auth"],
        summary: "Google returns here; redirects to /{shopId}/login?token=… or ?error=…",
        querystring: callbackQuerySchema,
      },
    },
    async (request, reply) => callback(request, reply, request.query, "customer"),
  );
};
