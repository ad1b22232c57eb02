import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isPrivateAddress,
  newMessageId,
  newWebhookSecret,
  sendWebhook,
  WEBHOOK_REFUSALS,
} from "./outbound";

type Received = { headers: IncomingMessage["headers"]; body: string };

/** A local receiver: answers each request with the next status queued (200 when none). */
let server: Server;
let base: string;
const received: Received[] = [];
const statuses: (number | "hang")[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const next = statuses.shift() ?? 200;
      if (next === "hang") return;
      res.writeHead(next).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allow = { allowPrivate: true, timeoutMs: 2000 };
const message = (secrets: string[], payload = '{"type":"member.created","data":{"id":1}}') => ({
  url: `${base}/hook`,
  secrets,
  messageId: newMessageId(),
  payload,
  timestamp: new Date(),
});

describe("outbound webhooks", () => {
  it("signs per Standard Webhooks: the receiver's verifier accepts it, and refuses a tampered body", async () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const sent = message([secret]);
    const result = await sendWebhook(sent, allow);
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    const got = received.at(-1) as Received;
    const headers = got.headers as Record<string, string>;
    expect(headers["webhook-id"]).toBe(sent.messageId);
    expect(new Webhook(secret).verify(got.body, headers)).toEqual(JSON.parse(sent.payload));
    expect(() => new Webhook(secret).verify(`${got.body} `, headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(got.body, headers)).toThrow();
  });

  it("signs with both secrets during a rotation, so receivers on either verify", async () => {
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    expect((await sendWebhook(message([newSecret, oldSecret]), allow)).ok).toBe(true);
    const got = received.at(-1) as Received;
    const headers = got.headers as Record<string, string>;
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(got.body, headers)).toBeTruthy();
    expect(new Webhook(newSecret).verify(got.body, headers)).toBeTruthy();
  });

  it("reports a 500 and a receiver that never answers as failures, then a success", async () => {
    statuses.push(500, "hang");
    const secret = newWebhookSecret();
    const failed = await sendWebhook(message([secret]), allow);
    expect(failed).toMatchObject({ ok: false, status: 500 });
    const silent = await sendWebhook(message([secret]), { allowPrivate: true, timeoutMs: 300 });
    expect(silent).toMatchObject({ ok: false, status: null, error: "No answer within 300 ms." });
    expect(silent.latencyMs).toBeGreaterThanOrEqual(290);
    expect((await sendWebhook(message([secret]), allow)).ok).toBe(true);
  });

  it("refuses private, loopback and link-local addresses, by literal or by name", async () => {
    const before = received.length;
    const refuse = { allowPrivate: false, timeoutMs: 2000 };
    const port = new URL(base).port;
    for (const url of [
      `${base}/hook`,
      `http://localhost:${port}/hook`,
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]:9/hook",
      "http://10.1.2.3/hook",
    ]) {
      const result = await sendWebhook({ ...message([newWebhookSecret()]), url }, refuse);
      expect(result, url).toMatchObject({ ok: false, error: WEBHOOK_REFUSALS.privateAddress });
    }
    const ftp = await sendWebhook(
      { ...message([newWebhookSecret()]), url: "ftp://example.com/" },
      refuse,
    );
    expect(ftp.error).toBe(WEBHOOK_REFUSALS.badUrl);
    expect(received.length).toBe(before);
  });

  it("classifies addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "not-an-ip",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
