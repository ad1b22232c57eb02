import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The payments secret: from PAYMENTS_SECRET, or generated once and kept in DATA_DIR so a single
 * `npm start` instance needs no configuration. Several instances must share PAYMENTS_SECRET.
 */
export function loadPaymentsSecret(options: { secret: string | undefined; dataDir: string }) {
  if (options.secret) return options.secret;
  const file = join(options.dataDir, "payments-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * AES-256-GCM for secrets at rest: "v1.<iv>.<tag>.<ciphertext>". Each use names its own
 * purpose, which derives its own key (merchants' provider API keys by default; TOTP secrets).
 */
export function createKeyBox(secret: string, purpose = "merchant provider api keys") {
  const key = Buffer.from(hkdfSync("sha256", secret, "tessera-payments", purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return `v1.${parts.join(".")}`;
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) {
        throw new Error("Unreadable sealed value");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}
export type KeyBox = ReturnType<typeof createKeyBox>;

/**
 * Basic-auth credentials the provider must send with postbacks. They are derived from the
 * secret (the same on every instance) and handed to the provider inside the postback URL.
 */
export function postbackCredentials(secret: string) {
  const password = createHmac("sha256", secret).update("fortis-postback").digest("base64url");
  return { username: "tessera", password };
}

/** Checks an `Authorization: Basic …` header in constant time. */
export function isValidBasicAuth(
  header: string | undefined,
  expected: { username: string; password: string },
): boolean {
  if (!header?.toLowerCase().startsWith("basic ")) return false;
  const given = Buffer.from(header.slice(6).trim(), "base64");
  const wanted = Buffer.from(`${expected.username}:${expected.password}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
