import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../db/schema";
import { createTestApp } from "../../test/app";
import { call, environment, openAndPay, openData, prepare } from "../../test/server-fixture";
import { startServerProcess } from "../../test/server-process";

describe("readiness and the graceful stop", () => {
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
      } finally {
        await database.close();
      }
    } finally {
      await drop();
    }
  }, 120_000);
});
