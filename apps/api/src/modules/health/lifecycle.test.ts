import { createConnection, createServer, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { createClient } from "redis";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { customerOffers, transactions } from "../../db/schema";
import { createTestApp } from "../../test/app";
import { call, environment, openAndPay, openData, prepare } from "../../test/server-fixture";
import { startServerProcess } from "../../test/server-process";

/** A TCP relay to Redis that the test can cut, as a network failure would. */
async function redisRelay(target = { host: "127.0.0.1", port: 6379 }) {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((incoming) => {
    if (cut) return incoming.destroy();
    const outgoing = createConnection(target);
    for (const s of [incoming, outgoing]) {
      open.add(s);
      s.on("error", () => {});
      s.on("close", () => open.delete(s));
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
    },
    heal() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function redisAnswers(): Promise<boolean> {
  const client = createClient({
    url: "redis://127.0.0.1:6379",
    socket: { reconnectStrategy: false },
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

describe("readiness and the graceful stop", () => {
  it("is starting until ready, and not ready while its job scheduler is stopped", async () => {
    const t = await createTestApp();
    // A second app on the same database, whose jobs run as the server's do.
    const app = await buildApp(
      { config: t.config, database: t.database, startJobs: true },
      { logger: false },
    );
    try {
      expect(app.lifecycle.state).toBe("starting");
      await app.ready();
      expect(app.lifecycle.state).toBe("ready");
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode, ready.body).toBe(200);

      app.lifecycle.state = "starting";
      const starting = await app.inject({ method: "GET", url: "/api/ready" });
      expect(starting.statusCode).toBe(503);
      expect(starting.json().message).toBe("This instance is starting.");
      app.lifecycle.state = "ready";

      await app.jobs.stop();
      const stopped = await app.inject({ method: "GET", url: "/api/ready" });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json().message).toBe("The job queue is not answering.");
    } finally {
      await app.close();
      await t.close();
    }
  }, 60_000);

  it("is not ready while Redis does not answer, and ready again when it does", async (context) => {
    if (!(await redisAnswers())) {
      console.warn("Skipping the Redis readiness test: Redis is not answering at 127.0.0.1:6379.");
      context.skip();
    }
    const relay = await redisRelay();
    const t = await createTestApp({
      env: { REDIS_URL: relay.url, REDIS_PREFIX: "tessera-test-ready" },
    });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
      relay.cut();
      const away = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(away.statusCode).toBe(503);
      expect(away.json().message).toBe("Redis is not answering.");
      // Redis is back: the clients reconnect by themselves and the instance is ready again.
      relay.heal();
      let again = 0;
      for (let tries = 0; tries < 50 && again !== 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        again = (await t.app.inject({ method: "GET", url: "/api/ready" })).statusCode;
      }
      expect(again).toBe(200);
    } finally {
      await t.close();
      await relay.close();
    }
  }, 60_000);

  it("is ready once started, and answers 503 with Connection: close while draining", async () => {
    const t = await createTestApp();
    try {
      const ready = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toEqual({ status: "ready" });
      t.app.lifecycle.state = "draining";
      const draining = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().message).toBe("This instance is shutting down.");
      expect(draining.headers.connection).toBe("close");
      // Liveness stays green: the process is healthy, only leaving.
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.state = "ready";
      await t.close();
    }
  });

  it("finishes a payment completion in flight on SIGTERM, grants it once and exits 0", async () => {
    const { env, drop } = await environment();
    try {
      const fixture = await prepare(env);
      // The provider takes 1.5 s to confirm, so the completion is surely in flight.
      const server = await startServerProcess({ ...env, PAYMENTS_SANDBOX_LATENCY_MS: "1500" });
      const login = await call(server.url, "/api/v1/customer/auth/sign-in", {
        email: fixture.email,
        password: fixture.password,
        shopId: fixture.shopId,
      });
      const authorization = `Bearer ${login.body.token}`;
      const { checkoutId, transactionId } = await openAndPay(server.url, authorization, fixture);
      const completion = call(
        server.url,
        "/api/v1/fortis/elements/transaction/complete",
        { checkoutId, transactionId },
        authorization,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const exited = new Promise<number | null>((resolve) =>
        server.child.once("exit", (code) => resolve(code)),
      );
      server.child.kill("SIGTERM");
      const answer = await completion;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await exited, server.output()).toBe(0);

      const { database } = await openData(env);
      try {
        const rows = await database.db
          .select()
          .from(transactions)
          .where(eq(transactions.providerReference, transactionId));
        expect(rows).toHaveLength(1);
        expect(rows[0]?.status).toBe("succeeded");
        // Granted once: the customer holds one copy of the offer.
        const granted = await database.db
          .select()
          .from(customerOffers)
          .where(eq(customerOffers.customerId, fixture.customerId));
        expect(granted).toHaveLength(1);
      } finally {
        await database.close();
      }
    } finally {
      await drop();
    }
  }, 120_000);
});
