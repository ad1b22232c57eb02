import type { Customer, User } from "../../db/schema";
import type { Database } from "../../infra/db";
import { currentRequest } from "../audit/context";
import * as repo from "./repo";
import { hashToken, newToken, SESSION_TOUCH_INTERVAL_MS, SESSION_TTL_MS } from "./tokens";

export type MerchantSession = {
  kind: "merchant";
  sessionId: number;
  user: User;
  /** Owned or employed shop; null for an owner who has not created one yet. */
  shopId: number | null;
  isOwner: boolean;
  /** Set when the caller is a shop's API key acting as its owner (modules/integrations/keys). */
  apiKey?: { id: number; scope: "read_only" | "read_write" };
};

export type CustomerSession = {
  kind: "customer";
  sessionId: number;
  customer: Customer;
  shopId: number;
};

export type Session = MerchantSession | CustomerSession;

/** The request's IP and browser, trimmed to what the sessions table keeps. */
export function seenFrom(request: { ip: string; headers: Record<string, unknown> } | undefined) {
  if (!request) return {};
  const agent = request.headers["user-agent"];
  return {
    ip: request.ip.slice(0, 64),
    userAgent: typeof agent === "string" ? agent.slice(0, 1000) : null,
  };
}

export async function createSession(
  db: Database,
  account: repo.AccountRef,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, {
    ...account,
    // The sign-in request's device, for the sessions list (none outside a request).
    ...seenFrom(currentRequest()),
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/**
 * Resolves a bearer token to its session, or null when it is unknown, expired, revoked, or its
 * account can no longer sign in (disabled staff: their sessions end at once). Expiry slides.
 */
export async function resolveSession(
  db: Database,
  token: string,
  now = new Date(),
  seen: repo.SeenFrom = {},
): Promise<Session | null> {
  const row = await repo.findSessionContext(db, hashToken(token), now);
  if (!row) return null;
  const { session } = row;
  let resolved: Session | null = null;
  if (row.user) {
    if (row.user.status === "disabled") return null;
    resolved = {
      kind: "merchant",
      sessionId: session.id,
      user: row.user,
      shopId: row.user.shopId ?? row.ownedShopId,
      isOwner: row.user.shopId === null,
    };
  } else if (row.customer) {
    resolved = {
      kind: "customer",
      sessionId: session.id,
      customer: row.customer,
      shopId: row.customer.shopId,
    };
  }
  if (!resolved) return null;
  // "Last seen" and the device move with use, written at most once a minute.
  if (now.getTime() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await repo.touchSession(db, session.id, now, new Date(now.getTime() + SESSION_TTL_MS), seen);
  }
  return resolved;
}

/** Ends every session of an account (a disabled member or staff member is signed out). */
export { deleteSessionsOf } from "./repo";
