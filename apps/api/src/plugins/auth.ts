import { ACCESS_MESSAGES, FRESH_CODE_HEADER } from "@tessera/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { Database } from "../infra/db";
import {
  type CustomerSession,
  type MerchantSession,
  resolveSession,
  type Session,
  seenFrom,
} from "../modules/auth/session";
import { apiKeyRefusal, isApiKeyToken, resolveApiKey } from "../modules/integrations/keys/service";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session, resolved once per request on first use. */
    getSession(): Promise<Session | null>;
    /** The raw bearer token, for logout. */
    bearerToken(): string | null;
  }
}

/** OpenAPI: routes that need a session declare it with this. */
export const bearerSecurity = [{ bearerAuth: [] }];

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(" ");
  if (scheme?.toLowerCase() !== "bearer" || !value) return null;
  return value.trim() || null;
}

export function registerAuth(app: FastifyInstance, db: Database) {
  const cache = new WeakMap<FastifyRequest, Promise<Session | null>>();
  app.decorateRequest("getSession", function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = readBearer(this);
      pending = !token
        ? Promise.resolve(null)
        : isApiKeyToken(token)
          ? resolveApiKey(db, token)
          : resolveSession(db, token, new Date(), seenFrom(this));
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest("bearerToken", function (this: FastifyRequest) {
    return readBearer(this);
  });
}

/** Any signed-in account: a merchant user or a customer. */
export async function requireSession(request: FastifyRequest): Promise<Session> {
  const session = await request.getSession();
  if (session?.kind === "merchant") {
    const refusal = apiKeyRefusal(session, request.method, request.routeOptions.url);
    if (refusal) throw new AppError("FORBIDDEN", refusal);
  }
  if (session) return session;
  throw new AppError(
    "UNAUTHORIZED",
    request.bearerToken() ? ACCESS_MESSAGES.sessionExpired : ACCESS_MESSAGES.notSignedIn,
  );
}

/** A signed-in owner or staff member (with or without a shop yet). */
export async function requireMerchant(request: FastifyRequest): Promise<MerchantSession> {
  const session = await requireSession(request);
  if (session.kind !== "merchant") {
    throw new AppError("FORBIDDEN", "This is only available in the merchant area.");
  }
  return session;
}

/** A merchant acting in their shop: the session decides the tenant, never the request. */
export async function requireShopMerchant(
  request: FastifyRequest,
): Promise<MerchantSession & { shopId: number }> {
  const session = await requireMerchant(request);
  if (session.shopId === null) {
    throw new AppError("FORBIDDEN", "Create your shop first.");
  }
  return session as MerchantSession & { shopId: number };
}

export async function requireOwner(
  request: FastifyRequest,
): Promise<MerchantSession & { shopId: number }> {
  const session = await requireShopMerchant(request);
  if (!session.isOwner) throw new AppError("FORBIDDEN", ACCESS_MESSAGES.ownerOnly);
  return session;
}

/**
 * Refunds and payment settings: a merchant with 2FA on confirms with a current code in the
 * `x-2fa-code` header; missing or wrong is a 403 before anything changes.
 */
export async function requireFreshCode(request: FastifyRequest, session: MerchantSession) {
  const code = request.headers[FRESH_CODE_HEADER];
  await request.server.services.auth.requireFreshCode(
    session,
    typeof code === "string" ? code : undefined,
  );
}

/** The owner, confirming with a fresh code when they have 2FA on (refunds, payment settings). */
export async function requireOwnerWithFreshCode(request: FastifyRequest) {
  const session = await requireOwner(request);
  await requireFreshCode(request, session);
  return session;
}

/** A signed-in customer who has not been disabled by the shop. */
export async function requireCustomer(request: FastifyRequest): Promise<CustomerSession> {
  const session = await requireSession(request);
  if (session.kind !== "customer") {
    throw new AppError("FORBIDDEN", "This is only available to the shop's customers.");
  }
  if (session.customer.isDisabled) {
    throw new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
  }
  return session;
}
