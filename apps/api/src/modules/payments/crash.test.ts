import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { checkouts, customerOffers, transactions } from "../../db/schema";
import { openDatabase } from "../../infra/db";
import { connectSandbox, createCustomer, createMerchant, createOffer } from "../../test/factories";
import { startServerProcess } from "../../test/server-process";

const PAYMENTS = 10;

/** The environment both the fixture and the server process run with. */
function environment() {
  return {
    DATA_DIR: mkdtempSync(join(tmpdir(), "tessera-crash-")),
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    RATE_LIMIT_PER_MINUTE: "1000000",
  };
}

async function openData(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return { config, database };
}

/** A connected shop, an unlimited offer and a customer, written before the server starts. */
async function prepare(env: Record<string, string>) {
  const { config, database } = await openData(env);
  await database.migrate();
  const app = await buildApp({ config, database }, { logger: false });
  const merchant = await createMerchant(database.db);
  const shopId = merchant.shop?.id as number;
  await connectSandbox(app, shopId);
  const offer = await createOffer(database.db, shopId, { offerPriceCents: 800 });
  const { customer, email, password } = await createCustomer(database.db, shopId);
  await app.close();
  await database.close();
  return { shopId, offerId: offer.id, customerId: customer.id, email, password };
}

async function call(url: string, path: string, body: unknown, authorization?: string) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("a crash in the middle of payment completions", () => {
  it("leaves every payment the provider took with exactly one transaction and one grant after the restart", async () => {
    const env = environment();
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
        const opened = await call(
          server.url,
          "/api/v1/fortis/elements/transaction/intention",
          {
            amount: 1,
            shopId: fixture.shopId,
            customerId: fixture.customerId,
            type: "offer",
            offerId: fixture.offerId,
          },
          authorization,
        );
        expect(opened.status, JSON.stringify(opened.body)).toBe(200);
        const data = opened.body.data as { checkoutId: string; client_token: string };
        const payment = await call(server.url, "/api/v1/sandbox/checkout/pay", {
          token: data.client_token,
          cardNumber: "4111 1111 1111 1111",
          expiry: "12/40",
          cvc: "123",
          name: "Cleo Customer",
        });
        expect(payment.status).toBe(200);
        paid.push({
          checkoutId: data.checkoutId,
          transactionId: String(payment.body.transactionId),
        });
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
    }
  }, 120_000);
});
