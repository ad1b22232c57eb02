import { randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import type { Config } from "../../config";
import { createKeyBox, type KeyBox, loadPaymentsSecret } from "../../infra/payments/secrets";
import { hashToken } from "./tokens";

/**
 * TOTP (RFC 6238, 30-second steps, 6 digits, what every authenticator app speaks) and the
 * recovery codes. Secrets are sealed with a key derived from the payments secret for this
 * purpose alone, so a database dump does not give anyone the codes.
 */

const ISSUER = "Tessera";
const STEP_SECONDS = 30;

const boxes = new WeakMap<Config, KeyBox>();

/** The key box for TOTP secrets, derived once per configuration. */
export function secretBox(config: Config): KeyBox {
  let box = boxes.get(config);
  if (!box) {
    const secret = loadPaymentsSecret({
      secret: config.payments.secret,
      dataDir: config.dataDir,
    });
    box = createKeyBox(secret, "two-factor totp secrets");
    boxes.set(config, box);
  }
  return box;
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** Codes the user types: spaces and dashes do not matter, nor letter case. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

export function looksLikeTotp(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * The time step a correct code belongs to, or null. One step either side is accepted (clocks
 * drift), and never a step at or before `afterStep`: a code works once.
 */
export async function checkTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!looksLikeTotp(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: STEP_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

// No 0/o, 1/l/i: read off a sheet of paper without doubt.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten random codes "xxxxx-xxxxx" (about 49 bits each); only their hashes are kept. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    let raw = "";
    for (let i = 0; i < 10; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** Recovery codes are random, not chosen: a plain SHA-256 is enough (like session tokens). */
export function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${normalizeCode(code)}`);
}
