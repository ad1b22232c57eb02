import { randomBytes } from "node:crypto";
import pg from "pg";
import { createClient } from "redis";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, environment, openAndPay, prepare } from "./server-fixture";
import { type ServerProcess, startServerProcess } from "./server-process";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const POSTGRES = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether this machine has the PostgreSQL and Redis the instances share. */
async function peersAnswer(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
  } catch {
    return `PostgreSQL is not answering at ${POSTGRES}`;
  }
  const redis = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false } });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.quit();
  } catch {
    return `Redis is not answering at ${REDIS_URL}`;
  }
  return null;
}

/**
 * Two real instances on one PostgreSQL database and one Redis, as behind a load balancer:
 * whatever one instance does, the other sees.
 */
describe("two instances on one PostgreSQL and Redis", () => {
  let missing: string | null = null;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let drop = async () => {};
  let fixture: Awaited<ReturnType<typeof prepare>>;
  let databaseUrl = "";

  beforeAll(async () => {
    missing = await peersAnswer();
    if (missing) {
      console.warn(`Skipping the scale-out test: ${missing}.`);
      return;
    }
    const setup = await environment({ postgres: "required" });
    drop = setup.drop;
    databaseUrl = setup.env.DATABASE_URL;
    fixture = await prepare(setup.env, { abandoned: 1 });
    // One data folder for both: the payments secret kept there opens the fixture shop's key,
    // as PAYMENTS_SECRET would in a real deployment.
    // A key namespace of its own, so rate counts of an earlier run cannot leak into this one.
    const shared = {
      ...setup.env,
      REDIS_URL,
      REDIS_PREFIX: `tessera-test-${randomBytes(4).toString("hex")}`,
      RATE_LIMIT_PER_MINUTE: "4",
    };
    [a, b] = await Promise.all([startServerProcess(shared), startServerProcess(shared)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop("SIGTERM"), b?.stop("SIGTERM")]);
    await drop();
  });

  const url = (which: ServerProcess | undefined) => (which as ServerProcess).url;

  it("recovers an abandoned payment once, though both instances start up at once", async (context) => {
    if (missing) context.skip();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let rows: { status: string }[] = [];
      for (let tries = 0; tries < 50 && rows.length === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        rows = (
          await client.query("select status from transactions where provider_reference = $1", [
            fixture.abandoned[0],
          ])
        ).rows;
      }
      // Give the slower instance time to try as well, then count again.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      rows = (
        await client.query("select status from transactions where provider_reference = $1", [
          fixture.abandoned[0],
        ])
      ).rows;
      expect(rows).toEqual([{ status: "succeeded" }]);
    } finally {
      await client.end();
    }
  });

  it("keeps a session made on one instance on the other, and delivers live across them", async (context) => {
    if (missing) context.skip();
    const owner = await call(url(a), "/api/v1/auth/sign-in", fixture.owner);
    const customer = await call(url(a), "/api/v1/customer/auth/sign-in", {
      email: fixture.email,
      password: fixture.password,
      shopId: fixture.shopId,
    });
    expect(owner.status).toBe(200);
    const me = await fetch(`${url(b)}/api/v1/customer/auth/me`, {
      headers: { authorization: `Bearer ${customer.body.token}` },
    });
    expect(me.status).toBe(200);

    // The owner's bell is connected to B; the customer buys on A.
    const socket = connect(url(b), {
      transports: ["websocket"],
      query: { authToken: String(owner.body.token) },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect_error", reject);
        socket.emit("connectUser", "owner", () => resolve());
      });
      const heard = new Promise<{ title: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no notification on B")), 10_000);
        socket.once("notification", (payload: { title: string }) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
      const authorization = `Bearer ${customer.body.token}`;
      const paid = await openAndPay(url(a), authorization, fixture);
      const done = await call(
        url(a),
        "/api/v1/fortis/elements/transaction/complete",
        paid,
        authorization,
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect((await heard).title).toMatch(/offer/i);
    } finally {
      socket.disconnect();
    }
  });

  it("counts rate-limited attempts across both instances", async (context) => {
    if (missing) context.skip();
    // Fixed one-minute windows: start at the beginning of one, so the count is not cut in two.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
    const email = `nobody.${randomBytes(4).toString("hex")}@example.com`;
    const attempt = (which: ServerProcess | undefined) =>
      call(url(which), "/api/v1/auth/forgot-password", { email });
    // Four allowed per minute; each instance alone has seen at most three of these.
    const answers = [await attempt(a), await attempt(b), await attempt(a), await attempt(b)];
    const last = await attempt(a);
    expect(answers.map((r) => r.status)).not.toContain(429);
    expect(last.status).toBe(429);
  }, 90_000);
});
