import { WEBHOOK_MESSAGES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../test/app";
import { createMerchant, createStaff, loginAs } from "../../../test/factories";
import { noticesOf } from "../../../test/notices";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/webhook-receiver";
import { createWebhookDelivery, type DeliverTask, type EnqueueDelivery } from "./delivery";
import { webhookEvents } from "./events";
import { WEBHOOK_REFUSALS } from "./outbound";
import { WEBHOOK_DELIVERY_JOB } from "./wiring";

const HOUR = 60 * 60 * 1000;
const BASE = "/api/v1/integrations/webhooks";
let t: TestApp;
let strict: TestApp;
let receiver: WebhookReceiver;
let current = new Date();

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({
    now: () => current,
    env: { RATE_LIMIT_PER_MINUTE: "1000000", WEBHOOKS_ALLOW_PRIVATE: "true" },
  });
  strict = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
}, 180_000);
afterAll(async () => {
  await t.close();
  await strict.close();
  await receiver.close();
});

type Headers = Record<string, string>;
const call = (app: TestApp, method: string, url: string, headers: Headers, payload?: object) =>
  app.app.inject({
    method: method as "GET",
    url,
    headers,
    ...(payload ? { payload } : {}),
  });

async function ownerOf(app: TestApp) {
  const merchant = await createMerchant(app.database.db);
  const shopId = merchant.shop?.id as number;
  const { authorization } = await loginAs(app.app, merchant);
  return { ...merchant, shopId, headers: { authorization } as Headers };
}

async function addEndpoint(headers: Headers, path: string, eventTypes = ["member.updated"]) {
  const res = await call(t, "POST", BASE, headers, {
    url: `${receiver.base}${path}`,
    description: "Till",
    eventTypes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: number }; secret: string };
}

/** One `member.updated` for the shop, as a workflow emits it in its transaction. */
const emitOne = (shopId: number, id = 1) =>
  t.database.db.transaction((tx) =>
    webhookEvents.memberUpdated(tx, {
      id,
      shopId,
      firstName: "Ana",
      lastName: "Lee",
      email: "ana@example.com",
    }),
  );

/** A worker that takes only this shop's deliveries (other files share the database). */
const worker = (
  shopId: number,
  overrides: { backoffMs?: number[]; timeoutMs?: number; enqueue?: EnqueueDelivery } = {},
) =>
  createWebhookDelivery({
    db: t.database.db,
    now: () => current,
    allowPrivate: true,
    backoffMs: overrides.backoffMs ?? [HOUR, HOUR],
    timeoutMs: overrides.timeoutMs ?? 2000,
    shopId,
    ...(overrides.enqueue ? { enqueue: overrides.enqueue } : {}),
  });

describe("webhook endpoints API", () => {
  it("lets the owner add, list, edit, disable and delete endpoints; the secret is shown on create and on request", async () => {
    const owner = await ownerOf(t);
    const created = await addEndpoint(owner.headers, "/crud", ["member.created", "member.created"]);
    expect(created.secret).toMatch(/^whsec_/);
    const list = await call(t, "GET", BASE, owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().endpoints).toMatchObject([
      {
        id: created.endpoint.id,
        eventTypes: ["member.created"],
        enabled: true,
        description: "Till",
      },
    ]);
    const url = `${BASE}/${created.endpoint.id}`;
    const revealed = await call(t, "GET", `${url}/secret`, owner.headers);
    expect(revealed.json().secret).toBe(created.secret);

    const off = await call(t, "PATCH", url, owner.headers, { enabled: false });
    expect(off.json()).toMatchObject({
      message: WEBHOOK_MESSAGES.endpointDisabled,
      endpoint: { enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledByOwner },
    });
    const on = await call(t, "PATCH", url, owner.headers, {
      enabled: true,
      eventTypes: ["payment.refunded"],
    });
    expect(on.json().endpoint).toMatchObject({
      enabled: true,
      disabledReason: null,
      eventTypes: ["payment.refunded"],
    });

    const bad = await call(t, "PATCH", url, owner.headers, { eventTypes: [], url: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(WEBHOOK_MESSAGES.eventsRequired);
    expect(bad.body).toContain(WEBHOOK_MESSAGES.urlInvalid);

    expect((await call(t, "DELETE", url, owner.headers)).statusCode).toBe(200);
    expect((await call(t, "DELETE", url, owner.headers)).statusCode).toBe(404);
  });

  it("is the owner's alone: staff 403, an API key 403, another shop's owner 404", async () => {
    const owner = await ownerOf(t);
    const hook = await addEndpoint(owner.headers, "/mine");
    const staff = await createStaff(t.database.db, owner.shopId);
    const staffHeaders = { authorization: (await loginAs(t.app, staff)).authorization };
    expect((await call(t, "GET", BASE, staffHeaders)).statusCode).toBe(403);
    const key = await call(t, "POST", "/api/v1/integrations/api-keys", owner.headers, {
      name: "POS",
      scope: "read_write",
    });
    const keyHeaders = { authorization: `Bearer ${key.json().token}` };
    expect((await call(t, "GET", BASE, keyHeaders)).statusCode).toBe(403);
    expect(
      (await call(t, "GET", `${BASE}/${hook.endpoint.id}/secret`, keyHeaders)).statusCode,
    ).toBe(403);
    const stranger = await ownerOf(t);
    for (const [method, path] of [
      ["GET", "/secret"],
      ["GET", "/deliveries"],
      ["POST", "/test"],
      ["POST", "/rotate-secret"],
      ["DELETE", ""],
    ] as const) {
      const res = await call(t, method, `${BASE}/${hook.endpoint.id}${path}`, stranger.headers);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it("refuses private and loopback addresses, and plain http, without WEBHOOKS_ALLOW_PRIVATE", async () => {
    const owner = await ownerOf(strict);
    for (const [url, message] of [
      ["https://127.0.0.1/hook", WEBHOOK_MESSAGES.urlPrivate],
      ["https://localhost:8080/hook", WEBHOOK_MESSAGES.urlPrivate],
      ["https://169.254.169.254/latest", WEBHOOK_MESSAGES.urlPrivate],
      ["https://[::1]/hook", WEBHOOK_MESSAGES.urlPrivate],
      ["http://example.com/hook", WEBHOOK_MESSAGES.urlHttps],
      ["https://user:pw@example.com/hook", WEBHOOK_MESSAGES.urlCredentials],
    ]) {
      const res = await call(strict, "POST", BASE, owner.headers, {
        url,
        eventTypes: ["member.created"],
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message, url).toBe(message);
    }
    expect((await call(strict, "GET", BASE, owner.headers)).json().endpoints).toEqual([]);
  });

  it("refuses at delivery time a name that resolves to a private address", async () => {
    const owner = await ownerOf(t);
    const hook = await addEndpoint(owner.headers, "/ssrf");
    // Stored as allowed here (the flag is on), then sent by a worker without the flag.
    await t.database.db
      .update(webhookEndpoints)
      .set({ url: `${receiver.base.replace("127.0.0.1", "localhost")}/ssrf` })
      .where(eq(webhookEndpoints.id, hook.endpoint.id));
    await emitOne(owner.shopId);
    const before = receiver.at("/ssrf").length;
    // Only this shop's queue: on PostgreSQL other test files share the database and its queue.
    const guarded = createWebhookDelivery({
      db: t.database.db,
      now: () => current,
      allowPrivate: false,
      shopId: owner.shopId,
    });
    expect(await guarded.deliverDue()).toMatchObject({ retrying: 1 });
    expect(receiver.at("/ssrf").length).toBe(before);
    const log = await call(t, "GET", `${BASE}/${hook.endpoint.id}/deliveries`, owner.headers);
    expect(log.json().deliveries[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lastResponseCode: null,
      lastError: WEBHOOK_REFUSALS.privateAddress,
    });
  });
});

describe("webhook delivery", () => {
  it("sends a test event through the app's job, shows it in the log, and resends it", async () => {
    const owner = await ownerOf(t);
    const hook = await addEndpoint(owner.headers, "/test");
    const sent = await call(t, "POST", `${BASE}/${hook.endpoint.id}/test`, owner.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.jobs.runNow(WEBHOOK_DELIVERY_JOB);
    const got = receiver.at("/test");
    expect(got).toHaveLength(1);
    const payload = new Webhook(hook.secret).verify(
      got[0]?.body as string,
      got[0]?.headers as Headers,
    );
    expect(payload).toMatchObject({ type: "webhook.test", data: { endpointId: hook.endpoint.id } });
    const log = await call(
      t,
      "GET",
      `${BASE}/${hook.endpoint.id}/deliveries?pageSize=5`,
      owner.headers,
    );
    expect(log.json()).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    const [row] = log.json().deliveries;
    expect(row).toMatchObject({
      eventType: "webhook.test",
      status: "delivered",
      attempts: 1,
      lastResponseCode: 200,
    });
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);

    const again = await call(
      t,
      "POST",
      `${BASE}/${hook.endpoint.id}/deliveries/${row.id}/resend`,
      owner.headers,
    );
    expect(again.json().delivery).toMatchObject({ status: "pending" });
    await t.app.jobs.runNow(WEBHOOK_DELIVERY_JOB);
    expect(receiver.at("/test")).toHaveLength(2);
    // The same message id: a receiver that already handled it can tell.
    expect(receiver.at("/test")[1]?.headers["webhook-id"]).toBe(got[0]?.headers["webhook-id"]);
  });

  it("retries after a 500 and a time-out with back-off, then succeeds", async () => {
    const owner = await ownerOf(t);
    const hook = await addEndpoint(owner.headers, "/flaky");
    receiver.answer("/flaky", 500, "hang");
    await emitOne(owner.shopId);
    const run = worker(owner.shopId, { backoffMs: [5_000, 60_000, HOUR], timeoutMs: 300 });
    const state = async () => {
      const log = await call(t, "GET", `${BASE}/${hook.endpoint.id}/deliveries`, owner.headers);
      const [d] = log.json().deliveries;
      return {
        status: d.status,
        attempts: d.attempts,
        code: d.lastResponseCode,
        error: d.lastError,
      };
    };
    await run.deliverDue();
    expect(await state()).toEqual({ status: "pending", attempts: 1, code: 500, error: null });
    // Not due again before its back-off.
    await run.deliverDue();
    expect(receiver.at("/flaky")).toHaveLength(1);
    current = new Date(current.getTime() + 5_000);
    await run.deliverDue();
    expect(await state()).toEqual({
      status: "pending",
      attempts: 2,
      code: null,
      error: "No answer within 300 ms.",
    });
    current = new Date(current.getTime() + 60_000);
    await run.deliverDue();
    const log = await call(t, "GET", `${BASE}/${hook.endpoint.id}/deliveries`, owner.headers);
    expect(log.json().deliveries[0]).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastResponseCode: 200,
    });
    const got = receiver.at("/flaky");
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1);
    const [endpoint] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.endpoint.id));
    expect(endpoint?.failingSince).toBeNull();
  });

  it("gives up after the schedule, and disables an endpoint failing for 3 days, telling the owner", async () => {
    const owner = await ownerOf(t);
    const staff = await createStaff(t.database.db, owner.shopId);
    const hook = await addEndpoint(owner.headers, "/down");
    receiver.answer("/down", ...Array(20).fill(503));
    const run = worker(owner.shopId, { backoffMs: [HOUR] });
    const start = current;
    for (let day = 0; day <= 3; day++) {
      current = new Date(start.getTime() + day * 24 * HOUR);
      await emitOne(owner.shopId, 100 + day);
      await run.deliverDue();
      current = new Date(current.getTime() + HOUR);
      await run.deliverDue();
    }
    const [endpoint] = await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.endpoint.id));
    expect(endpoint).toMatchObject({
      enabled: false,
      disabledReason: WEBHOOK_MESSAGES.disabledFailing,
    });
    const log = await call(t, "GET", `${BASE}/${hook.endpoint.id}/deliveries`, owner.headers);
    expect(log.json().deliveries.map((d: { status: string }) => d.status)).toEqual([
      // The newest was waiting for its retry when the endpoint was disabled: it waits until
      // the owner enables it again.
      "pending",
      "failed",
      "failed",
      "failed",
    ]);
    const told = await noticesOf(t.database.db, "webhook.endpoint_disabled", {
      shopId: owner.shopId,
    });
    expect(told.map((n) => n.userId)).toEqual([owner.user.id]);
    expect(told.map((n) => n.userId)).not.toContain(staff.user.id);
    // Disabled: new events are not queued for it.
    const sent = receiver.at("/down").length;
    await emitOne(owner.shopId, 999);
    await run.deliverDue();
    expect(receiver.at("/down").length).toBe(sent);
  });

  it("rotates the secret: receivers on the old or the new one both verify for 24 h, then only the new", async () => {
    const owner = await ownerOf(t);
    const hook = await addEndpoint(owner.headers, "/rotate");
    const rotated = await call(
      t,
      "POST",
      `${BASE}/${hook.endpoint.id}/rotate-secret`,
      owner.headers,
    );
    expect(rotated.json()).toMatchObject({ message: WEBHOOK_MESSAGES.secretRotated });
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(hook.secret);
    await emitOne(owner.shopId, 1);
    await worker(owner.shopId).deliverDue();
    const during = receiver.at("/rotate").at(-1);
    const check =
      (secret: string, r = during) =>
      () =>
        new Webhook(secret).verify(r?.body as string, r?.headers as Headers);
    expect(check(hook.secret)).not.toThrow();
    expect(check(fresh)).not.toThrow();

    current = new Date(current.getTime() + 24 * HOUR + 1000);
    await emitOne(owner.shopId, 2);
    await worker(owner.shopId).deliverDue();
    const after = receiver.at("/rotate").at(-1);
    expect(after).not.toBe(during);
    expect(check(fresh, after)).not.toThrow();
    expect(check(hook.secret, after)).toThrow();
  });
  it("queues one job per event and endpoint, and a job run twice delivers once", async () => {
    const owner = await ownerOf(t);
    await addEndpoint(owner.headers, "/jobs-a");
    await addEndpoint(owner.headers, "/jobs-b");
    await emitOne(owner.shopId, 1);
    await emitOne(owner.shopId, 2);
    const queued: DeliverTask[] = [];
    const enqueue: EnqueueDelivery = async (task) => {
      queued.push(task);
    };
    const run = worker(owner.shopId);
    expect(await run.enqueueDue(enqueue)).toBe(4);
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.shopId, owner.shopId));
    expect(new Set(rows.map((r) => `${r.endpointId} ${r.eventId}`)).size).toBe(4);
    const ids = (list: { id?: number; deliveryId?: number }[]) =>
      list.map((r) => r.deliveryId ?? r.id).sort();
    expect(ids(queued)).toEqual(ids(rows));
    expect(queued.map((q) => q.attempt)).toEqual([1, 1, 1, 1]);
    // Each job run twice at once (pg-boss retrying it while the first run still sends, or two
    // instances): the attempt is claimed once, so each event reaches each endpoint once.
    const outcomes = await Promise.all([...queued, ...queued].map((task) => run.deliver(task)));
    expect(outcomes.filter((o) => o === "delivered")).toHaveLength(4);
    expect(outcomes.filter((o) => o === "skipped")).toHaveLength(4);
    // And run again later (a retry of a job whose worker died after sending): still once.
    for (const task of queued) expect(await run.deliver(task)).toBe("skipped");
    expect(receiver.at("/jobs-a")).toHaveLength(2);
    expect(receiver.at("/jobs-b")).toHaveLength(2);
    expect(await run.enqueueDue(enqueue)).toBe(0);
  });

  it("queues a failed attempt's retry as its own job after the back-off, sent once", async () => {
    const owner = await ownerOf(t);
    await addEndpoint(owner.headers, "/jobs-retry");
    receiver.answer("/jobs-retry", 500);
    await emitOne(owner.shopId, 1);
    const queued: { task: DeliverTask; startAfter: Date | null }[] = [];
    const run = worker(owner.shopId, {
      backoffMs: [60_000, HOUR],
      enqueue: async (task, startAfter) => {
        queued.push({ task, startAfter });
      },
    });
    const due: DeliverTask[] = [];
    await run.enqueueDue(async (task) => {
      due.push(task);
    });
    const [first] = due;
    expect(first).toMatchObject({ attempt: 1 });
    expect(await run.deliver(first as DeliverTask)).toBe("retrying");
    expect(queued).toEqual([
      {
        task: { ...first, attempt: 2 },
        startAfter: new Date(current.getTime() + 60_000),
      },
    ]);
    const retry = queued[0]?.task as DeliverTask;
    // Not before its time, and the first attempt's job run again sends nothing.
    expect(await run.deliver(retry)).toBe("skipped");
    expect(await run.deliver(first as DeliverTask)).toBe("skipped");
    current = new Date(current.getTime() + 60_000);
    expect(await run.deliver(retry)).toBe("delivered");
    expect(await run.deliver(retry)).toBe("skipped");
    expect(receiver.at("/jobs-retry")).toHaveLength(2);
  });
});
