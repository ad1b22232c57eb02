import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { MAX_ID } from "@tessera/shared";
import * as client from "openid-client";
import { z } from "zod";
import type { Config } from "../../config";

/**
 * The parts of Google sign-in that hold no request: the flow cookie (sealed with a key derived
 * from the client secret), the provider's discovery, and the profile read from its claims.
 */

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
export const SCOPE = "openid profile email";
const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

export type FlowKind = "merchant" | "customer";

export const paths = {
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
export type Flow = z.infer<typeof flowSchema>;

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

export function flowCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
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

export function sameString(a: string, b: string): boolean {
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
export function lazyDiscovery(oidc: NonNullable<Config["oidc"]>) {
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
export class SignInProblem extends Error {}

export type Profile = { email: string; firstName: string; lastName: string };

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
