import { randomBytes } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * One signed webhook request (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`, HMAC-SHA256), sent only to public addresses unless private ones are
 * allowed. The building block of webhook delivery: it knows nothing of endpoints or retries.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** Private, loopback, link-local and other non-public addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, "ipv4");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], "ipv4");
  return blocked.check(address, "ipv6");
}

export const WEBHOOK_REFUSALS = {
  privateAddress:
    "The address is private, loopback or link-local. Use a public address (WEBHOOKS_ALLOW_PRIVATE=true allows it for self-hosting).",
  badUrl: "Use an http or https address.",
} as const;

class RefusedAddress extends Error {}

/**
 * The connection's own name resolution, checked: the address refused is the one that would be
 * connected to, so a name that resolves to a public address first and a private one later (DNS
 * rebinding) is refused too.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as LookupAddress[];
      const refused = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) {
        return callback(new RefusedAddress(WEBHOOK_REFUSALS.privateAddress), "", 4);
      }
      if (options.all) return callback(null, list as never, 4);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** A new endpoint secret in the Standard Webhooks form (`whsec_` and base64 of 24 bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** A message id, unique per event and endpoint, kept across retries (receivers dedupe on it). */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

export type OutboundMessage = {
  url: string;
  /** Every secret the signature is made with: the current one, and during a rotation the old. */
  secrets: string[];
  messageId: string;
  payload: string;
  timestamp: Date;
};

export type OutboundResult =
  | { ok: boolean; status: number; latencyMs: number; error: null }
  | { ok: false; status: null; latencyMs: number; error: string };

/** The Standard Webhooks headers; one `v1,` signature per secret, space-separated. */
export function signedHeaders(message: Omit<OutboundMessage, "url">): Record<string, string> {
  const signatures = message.secrets.map((secret) =>
    new Webhook(secret).sign(message.messageId, message.timestamp, message.payload),
  );
  return {
    "content-type": "application/json",
    "user-agent": "Tessera-Webhooks/1",
    "webhook-id": message.messageId,
    "webhook-timestamp": String(Math.floor(message.timestamp.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

/**
 * POSTs one message. A 2xx is success; anything else, a time-out, a refused address or a network
 * error is a failure with its reason. Redirects are not followed (a 3xx is a failure): a
 * redirect could lead to an address the check never saw.
 */
export function sendWebhook(
  message: OutboundMessage,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(message.url);
  } catch {
    return Promise.resolve({
      ok: false,
      status: null,
      latencyMs: 0,
      error: WEBHOOK_REFUSALS.badUrl,
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.resolve({
      ok: false,
      status: null,
      latencyMs: 0,
      error: WEBHOOK_REFUSALS.badUrl,
    });
  }
  // A literal address is connected to without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) !== 0 && !options.allowPrivate && isPrivateAddress(literal)) {
    return Promise.resolve({
      ok: false,
      status: null,
      latencyMs: 0,
      error: WEBHOOK_REFUSALS.privateAddress,
    });
  }
  const body = Buffer.from(message.payload);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: OutboundResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...signedHeaders(message), "content-length": String(body.length) },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (response) => {
        // The receiver's answer is not kept: only its status and how long it took.
        response.resume();
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          finish({ ok: status >= 200 && status < 300, status, latencyMs: elapsed(), error: null });
        });
        response.on("error", (error) =>
          finish({ ok: false, status: null, latencyMs: elapsed(), error: error.message }),
        );
      },
    );
    // The whole exchange has one deadline: a receiver trickling bytes cannot hold a worker.
    timer = setTimeout(() => {
      const ms = options.timeoutMs;
      const limit = ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
      request.destroy(new Error(`No answer within ${limit}.`));
    }, options.timeoutMs);
    request.on("error", (error) =>
      finish({ ok: false, status: null, latencyMs: elapsed(), error: error.message }),
    );
    request.end(body);
  });
}
