import { MAX_ID } from "@tessera/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as client from "openid-client";
import { z } from "zod";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import {
  createFlowSealer,
  type Flow,
  type FlowKind,
  flowCookie,
  GOOGLE_FLOW_COOKIE,
  GOOGLE_FLOW_TTL_MS,
  GOOGLE_MESSAGES,
  lazyDiscovery,
  paths,
  profileFromClaims,
  readCookie,
  SCOPE,
  SignInProblem,
  sameString,
} from "./google-flow";
import * as repo from "./repo";
import type { AuthService } from "./service";

export {
  createFlowSealer,
  GOOGLE_FLOW_COOKIE,
  GOOGLE_FLOW_TTL_MS,
  GOOGLE_MESSAGES,
  profileFromClaims,
  readCookie,
} from "./google-flow";

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

/** What one sign-in step needs: the service, the provider and how to answer the browser. */
type GoogleContext = {
  auth: AuthService;
  sealer: ReturnType<typeof createFlowSealer>;
  discovered: () => Promise<client.Configuration>;
  publicUrl: string;
  secure: boolean;
};

function redirectUri(ctx: GoogleContext, kind: FlowKind) {
  return `${ctx.publicUrl}${paths[kind].callback}`;
}

function redirect(reply: FastifyReply, location: string) {
  reply.header("cache-control", "no-store");
  return reply.redirect(location, 302);
}

async function start(
  ctx: GoogleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: FlowKind,
  shopId?: number,
) {
  let config: client.Configuration;
  try {
    config = await ctx.discovered();
  } catch (error) {
    request.log.error({ err: error }, "google sign-in: provider discovery failed");
    return redirect(reply, spaUrl(kind, shopId, "error", GOOGLE_MESSAGES.failed));
  }
  const verifier = client.randomPKCECodeVerifier();
  // The state carries the shop, so even a callback without its cookie returns to that shop.
  const state = kind === "customer" ? `${shopId}.${client.randomState()}` : client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx, kind),
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
    flowCookie(ctx.sealer.seal(flow), Math.floor(GOOGLE_FLOW_TTL_MS / 1000), ctx.secure),
  );
  return redirect(reply, url.href);
}

async function finish(
  ctx: GoogleContext,
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
  const config = await ctx.discovered();
  // The full query as received (openid-client checks state, iss and error itself); the base is
  // the registered redirect URI, which is also what the token request must repeat.
  const currentUrl = new URL(redirectUri(ctx, kind));
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
  const signedIn = await ctx.auth.signInWithVerifiedEmail({ ...profile, shopId: flow.shopId });
  // The shop's own owner or staff signing in on its page go to the merchant area.
  return { ...signedIn, shopId: flow.shopId };
}

async function callback(
  ctx: GoogleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: CallbackQuery,
  kind: FlowKind,
) {
  const sealed = readCookie(request.headers.cookie, GOOGLE_FLOW_COOKIE);
  const flow = sealed ? ctx.sealer.open(sealed) : null;
  // Single use: whatever happens next, the flow cookie is gone.
  reply.header("set-cookie", flowCookie("", 0, ctx.secure));
  try {
    const signedIn = await finish(ctx, request, query, kind, flow);
    const { shopId, as } = signedIn;
    // A merchant with 2FA lands on the sign-in's code step (or required enrolment) instead.
    if (!("token" in signedIn)) {
      const { challenge, mode } = signedIn.twoFactor;
      return redirect(reply, `/?twoFactor=${encodeURIComponent(challenge)}&mode=${mode}`);
    }
    return redirect(reply, spaUrl(as, shopId, "token", signedIn.token));
  } catch (error) {
    const shopId = kind === "customer" ? (shopIdFromState(query.state) ?? flow?.shopId) : undefined;
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

export const googleAuthRoutes: FastifyPluginAsyncZod<GoogleAuthRoutesOptions> = async (
  app,
  opts,
) => {
  const { oidc, db } = opts;
  const publicUrl = opts.publicUrl.replace(/\/+$/, "");
  const ctx: GoogleContext = {
    auth: opts.auth,
    sealer: createFlowSealer(oidc.clientSecret),
    discovered: lazyDiscovery(oidc),
    publicUrl,
    secure: publicUrl.startsWith("https:"),
  };

  app.get(
    paths.merchant.start,
    {
      schema: {
        tags: ["auth"],
        summary: "Start Google sign-in for a merchant (redirects to the provider)",
      },
    },
    async (request, reply) => start(ctx, request, reply, "merchant"),
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
    async (request, reply) => callback(ctx, request, reply, request.query, "merchant"),
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
      return start(ctx, request, reply, "customer", shopId);
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
    async (request, reply) => callback(ctx, request, reply, request.query, "customer"),
  );
};
