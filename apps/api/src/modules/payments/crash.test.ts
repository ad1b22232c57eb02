import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkouts, customerOffers, transactions } from "../../db/schema";
import { call, environment, openAndPay, openData, prepare } from "../../test/server-fixture";
import { startServerProcess } from "../../test/server-process";

const PAYMENTS = 10;

describe("a crash in the middle of payment completions", () => {
  it("leaves every payment the provider took with exactly one transaction and one grant after the restart", async () => {
    const { env, drop } = await environment();
    const fixture = await prepare(env);
    let server = await startServerProcess(env);
    try {
      const login = await call(server.url, "/api/v1/customer/auth/sign-in", {
        email: fixture.email,
        password: fixture.password,
        shopId: fixture.shopId,
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const authorization = `Bearer ${login.body.token}`;

      const paid: { checkoutId: string; transactionId: string }[] = [];
      for (let i = 0; i < PAYMENTS; i++) {
        paid.push(await openAndPay(server.url, authorization, fixture));
      }

      // Every browser reports back at once, and the process dies in the middle of it.
      const burst = paid.map((p) =>
        call(server.url, "/api/v1/fortis/elements/transaction/complete", p, authorization).catch(
          () => null,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 40));
      await server.stop("SIGKILL");
      const answered = (await Promise.all(burst)).filter((r) => r?.status === 200).length;

      // Restart on the same data: the start-up recovery settles what the crash cut short.
      server = await startServerProcess(env);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const res = await fetch(
          `${server.url}/api/v1/customer/offers/get-active-offers-by-customer/${fixture.customerId}`,
          { headers: { authorization } },
        );
        const body = (await res.json()) as { customerOffers?: unknown[]; offers?: unknown[] };
        const owned = (body.customerOffers ?? body.offers ?? []).length;
        if (owned >= PAYMENTS || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await server.stop("SIGTERM");

      const { database } = await openData(env);
      try {
        const ids = paid.map((p) => p.transactionId);
        const rows = await database.db
          .select()
          .from(transactions)
          .where(inArray(transactions.providerReference, ids));
        expect(rows.map((r) => r.providerReference).sort()).toEqual([...ids].sort());
        expect(rows.every((r) => r.status === "succeeded")).toBe(true);
        const grants = await database.db
          .select()
          .from(customerOffers)
          .where(eq(customerOffers.customerId, fixture.customerId));
        expect(grants).toHaveLength(PAYMENTS);
        const settled = await database.db
          .select({ status: checkouts.status })
          .from(checkouts)
          .where(
            inArray(
              checkouts.id,
              paid.map((p) => p.checkoutId),
            ),
          );
        expect(settled.map((c) => c.status)).toEqual(Array(PAYMENTS).fill("completed"));
        // How many the browser saw before the crash; the rest came from recovery.
        expect(answered).toBeLessThanOrEqual(PAYMENTS);
      } finally {
        await database.close();
      }
    } finally {
      await server.stop("SIGKILL");
      await drop();
    }
  }, 120_000);
});
