import { randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  type ApiKey,
  type CreateApiKeyPayload,
  type CreateApiKeyResponse,
  INTEGRATION_MESSAGES,
} from "@tessera/shared";
import type { ApiKeyRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { Database } from "../../../infra/db";
import type { MerchantSession } from "../../auth/session";
import { hashToken } from "../../auth/tokens";
import * as repo from "./repo";

/** More would be a sign of keys never cleaned up; a shop needs a handful (POS, site, books). */
export const MAX_ACTIVE_KEYS = 20;
/** How many characters of a key stay visible in the list, `tsk_` included. */
const SHOWN_PREFIX = 12;
/** `lastUsedAt` is written at most this often, not on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Routes a key never reaches, whatever its scope: they make or change people's access (sign-in,
 * password, staff), connect the payment provider, or manage keys and webhooks. A leaked key
 * must not be able to outlive its revocation by minting another, or take over the owner's login.
 */
const PEOPLE_ONLY_PREFIXES = [
  "/api/v1/auth/",
  "/api/v1/user/",
  "/api/v1/employees/",
  "/api/v1/integrations/",
  "/api/v1/fortis/onboarding",
  "/api/v1/shop/create-shop",
  "/api/v1/privacy/",
];

/** The customer area's routes: a key is the shop's, never a customer's. */
const CUSTOMER_ROUTE = /^\/api\/v1\/(customer\/|events$|fortis\/(elements|membership)\/)|-customer/;

/** Whether a key may call this route at all (its scope aside): for the OpenAPI document. */
export function keyMayCall(url: string): boolean {
  return (
    !PEOPLE_ONLY_PREFIXES.some((prefix) => url.startsWith(prefix)) && !CUSTOMER_ROUTE.test(url)
  );
}

function toDto(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: `${row.prefix}…`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * The session a key stands for: its shop's owner, marked with the key so the guards can hold it
 * to its scope. Unknown, revoked, or the owner's account disabled: null (a 401).
 */
export async function resolveApiKey(
  db: Database,
  token: string,
  now = new Date(),
): Promise<MerchantSession | null> {
  const row = await repo.findKeyContext(db, hashToken(token));
  if (!row || row.key.revokedAt || row.owner.status === "disabled") return null;
  const { key } = row;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await repo.touchKey(db, key.id, now);
  }
  return {
    kind: "merchant",
    // Not a session row: nothing a key does may end or skip one (logout, password change).
    sessionId: 0,
    user: row.owner,
    shopId: key.shopId,
    isOwner: true,
    apiKey: { id: key.id, scope: key.scope },
  };
}

/** Why a key may not make this call (its scope, or a people-only route), or null. */
export function apiKeyRefusal(
  session: { apiKey?: MerchantSession["apiKey"] },
  method: string,
  routeUrl: string | undefined,
): string | null {
  if (!session.apiKey) return null;
  if (PEOPLE_ONLY_PREFIXES.some((prefix) => (routeUrl ?? "").startsWith(prefix))) {
    return INTEGRATION_MESSAGES.keyNotForAccounts;
  }
  const reads = method === "GET" || method === "HEAD";
  if (!reads && session.apiKey.scope === "read_only") return INTEGRATION_MESSAGES.keyReadOnly;
  return null;
}

export function createApiKeysService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    async list(shopId: number) {
      return { keys: (await repo.listActiveKeys(db, shopId)).map(toDto) };
    },

    /** A new key, returned whole this once; only its hash is stored. */
    async create(
      shopId: number,
      userId: number,
      input: CreateApiKeyPayload,
    ): Promise<CreateApiKeyResponse> {
      const token = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
      const row = await db.transaction(async (tx) => {
        if ((await repo.countActiveKeys(tx, shopId)) >= MAX_ACTIVE_KEYS) {
          throw new AppError("UNPROCESSABLE", INTEGRATION_MESSAGES.keyLimit);
        }
        return repo.insertKey(tx, {
          shopId,
          name: input.name,
          scope: input.scope,
          prefix: token.slice(0, SHOWN_PREFIX),
          tokenHash: hashToken(token),
          createdBy: userId,
          createdAt: now(),
        });
      });
      return { message: INTEGRATION_MESSAGES.keyCreated, key: toDto(row), token };
    },

    async revoke(shopId: number, id: number) {
      const row = await repo.revokeKey(db, shopId, id, now());
      if (!row) throw new AppError("NOT_FOUND", INTEGRATION_MESSAGES.keyNotFound);
      return { message: INTEGRATION_MESSAGES.keyRevoked };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
