import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../infra/db";
import {
  connectSandbox,
  createCustomer,
  createMerchant,
  createOffer,
  loginAs,
  payWithSandbox,
} from "./factories";

// Data for a test that runs the real server in a child process (see server-process.ts).

/**
 * The environment both the fixture and the server process run with. On PostgreSQL the server
 * gets a database of its own: its start-up jobs (renewals, recovery, housekeeping) sweep every
 * shop, and must not touch the data of test files running beside it.
 */
export async function environment(options: { postgres?: "required" } = {}) {
  let databaseUrl = "";
  let drop = async () => {};
  const server =
    process.env.DATABASE_URL ??
    (options.postgres === "required" ? "postgres://postgres@127.0.0.1:5432/postgres" : undefined);
  if (server) {
    const url = new URL(server);
    const name = `tessera_proc_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 2000 });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  return {
    env: {
      DATA_DIR: mkdtempSync(join(tmpdir(), "tessera-proc-")),
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    drop,
  };
}

export async function openData(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return { config, database };
}

/**
 * A connected shop, an unlimited offer and a customer, written before the server starts; with
 * `abandoned`, that many checkouts the customer paid by card and never completed; with
 * `shopless`, a merchant without a shop yet.
 */
export async function prepare(
  env: Record<string, string>,
  options: { abandoned?: number; shopless?: boolean } = {},
) {
  const { config, database } = await openData(env);
  await database.migrate();
  const app = await buildApp({ config, database }, { logger: false });
  const merchant = await createMerchant(database.db);
  const shopId = merchant.shop?.id as number;
  await connectSandbox(app, shopId);
  const offer = await createOffer(database.db, shopId, { offerPriceCents: 800 });
  const { customer, email, password } = await createCustomer(database.db, shopId);
  const abandoned: string[] = [];
  if (options.abandoned) {
    const { authorization } = await loginAs(app, { email, password }, shopId);
    for (let i = 0; i < options.abandoned; i++) {
      const opened = await app.inject({
        method: "POST",
        url: "/api/v1/fortis/elements/transaction/intention",
        headers: { authorization },
        payload: { amount: 1, shopId, customerId: customer.id, type: "offer", offerId: offer.id },
      });
      abandoned.push(await payWithSandbox(app, opened.json().data.client_token as string));
    }
  }
  // A verified merchant who has not created a shop yet (the shop-creation upload).
  const newcomer = options.shopless ? await createMerchant(database.db, { withShop: false }) : null;
  await app.close();
  await database.close();
  return {
    shopless: newcomer ? { email: newcomer.email, password: newcomer.password } : null,
    shopId,
    offerId: offer.id,
    customerId: customer.id,
    email,
    password,
    owner: { email: merchant.email, password: merchant.password },
    abandoned,
  };
}

export async function call(url: string, path: string, body: unknown, authorization?: string) {
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

/**
 * Over HTTP, as a browser would: opens a card checkout for the fixture's offer and pays it on
 * the sandbox form, without completing it. Returns what the completion needs.
 */
export async function openAndPay(
  url: string,
  authorization: string,
  fixture: { shopId: number; customerId: number; offerId: number },
): Promise<{ checkoutId: string; transactionId: string }> {
  const opened = await call(
    url,
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
  if (opened.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(opened.body)}`);
  const data = opened.body.data as { checkoutId: string; client_token: string };
  const payment = await call(url, "/api/v1/sandbox/checkout/pay", {
    token: data.client_token,
    cardNumber: "4111 1111 1111 1111",
    expiry: "12/40",
    cvc: "123",
    name: "Cleo Customer",
  });
  if (payment.status !== 200) throw new Error(`payment refused: ${JSON.stringify(payment.body)}`);
  return { checkoutId: data.checkoutId, transactionId: String(payment.body.transactionId) };
}
