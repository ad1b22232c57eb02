import { randomBytes } from "node:crypto";
import { and, eq, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect } from "vitest";
import {
  cashbackLedger,
  customerMemberships,
  customerOffers,
  memberImportRows,
  memberImports,
  membershipBenefits,
  notifications,
  transactions,
} from "../../db/schema";
import type { Database } from "../../infra/db";
import { createTestApp, type TestApp } from "../app";
import {
  connectSandbox,
  createCustomer,
  createMerchant,
  createOffer,
  createStaff,
  createTier,
  loginAs,
} from "../factories";
import { paymentsKit } from "../payments-kit";

/** Every kind of caller the walk tries, by the token it sends (null: none). */
export type ActorName =
  | "none"
  | "loggedOutOwner"
  | "loggedOutCustomer"
  | "disabledStaff"
  | "ownerA"
  | "staffA"
  | "customerA1"
  | "customerA2"
  | "ownerB"
  | "staffB"
  | "customerB"
  /** Shop B's read-write API key; shop A's read-only key; shop A's revoked key. */
  | "keyB"
  | "readKeyA"
  | "revokedKeyA";

/** The victim's objects: every id a route can name points at one of these (shop A). */
export type VictimIds = {
  shopId: number;
  customerId: number;
  tierId: number;
  benefitId: number;
  offerId: number;
  customerOfferId: number;
  customerMembershipId: number;
  transactionId: number;
  staffId: number;
  merchantNotificationId: number;
  customerNotificationId: number;
  checkoutId: string;
  apiKeyId: number;
  webhookEndpointId: number;
  webhookDeliveryId: number;
  memberImportId: number;
};

export type IsolationFixture = {
  ids: VictimIds;
  /** Authorization headers by actor. */
  headers: Record<ActorName, Record<string, string>>;
  tokens: Record<ActorName, string | null>;
  /** Strings only shop A's own people may ever see in an answer. */
  markers: string[];
};

/** The API's OpenAPI document, its operations typed as the reader of it needs them. */
export type ApiDocument<Operation> = { paths: Record<string, Record<string, Operation>> };

/**
 * For the describe block it is called in: a test app without a practical rate limit, the two
 * shops of `buildIsolationFixture` and the app's OpenAPI document, for walks over every route.
 * Made before the block's tests (migrating and filling the database takes a while on a busy
 * machine), closed after them; `ready` hands them over.
 */
export function useRouteWalk<Operation>(
  ready: (walk: { t: TestApp; fixture: IsolationFixture; doc: ApiDocument<Operation> }) => void,
) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "100000000" } });
    const fixture = await buildIsolationFixture(t);
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    ready({ t, fixture, doc });
  }, 120_000);
  afterAll(() => t?.close());
}

/** The id of the customer's first row in `table`: one of the victim's own rows. */
async function firstIdOf(
  db: Database,
  table: PgTable & { id: PgColumn; customerId: PgColumn },
  customerId: number,
) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.customerId, customerId));
  if (!row) throw new Error(`isolation fixture incomplete: no ${getTableName(table)} row`);
  return row.id as number;
}

const bearer = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/**
 * Two shops with everything a route can touch. Shop A is the victim: its customer A1 holds a
 * membership, a bought offer, a card transaction, a redemption, cashback, notifications and an
 * open checkout. Shop B's people, a second customer of A, staff of A on owner routes and dead
 * sessions are the attackers.
 */
export async function buildIsolationFixture(t: TestApp): Promise<IsolationFixture> {
  const db = t.database.db;
  const kit = paymentsKit(t, null);
  const tag = randomBytes(4).toString("hex");

  const ownerA = await createMerchant(db);
  const shopA = ownerA.shop?.id as number;
  await connectSandbox(t.app, shopA);
  const ownerB = await createMerchant(db);
  const shopB = ownerB.shop?.id as number;

  const tier = await createTier(db, shopA, { name: `Victim tier ${tag}` });
  const [benefit] = await db
    .select()
    .from(membershipBenefits)
    .where(eq(membershipBenefits.tierId, tier.id));
  const offer = await createOffer(db, shopA, { offerName: `Victim offer ${tag}` });

  const staffA = await createStaff(db, shopA);
  const disabled = await createStaff(db, shopA);
  const staffB = await createStaff(db, shopB);
  const a1 = await createCustomer(db, shopA);
  const a2 = await createCustomer(db, shopA);
  const b1 = await createCustomer(db, shopB);

  const login = async (who: { email: string; password: string }, shopId?: number) =>
    (await loginAs(t.app, who, shopId)).token;
  const tokens: Record<ActorName, string | null> = {
    none: null,
    loggedOutOwner: await login(ownerA),
    loggedOutCustomer: await login(a1, shopA),
    disabledStaff: await login(disabled),
    ownerA: await login(ownerA),
    staffA: await login(staffA),
    customerA1: await login(a1, shopA),
    customerA2: await login(a2, shopA),
    ownerB: await login(ownerB),
    staffB: await login(staffB),
    customerB: await login(b1, shopB),
    keyB: null,
    readKeyA: null,
    revokedKeyA: null,
  };
  const newKey = async (owner: string | null, scope: "read_only" | "read_write") => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/integrations/api-keys",
      headers: bearer(owner),
      payload: { name: `Isolation ${scope}`, scope },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { key: { id: number }; token: string };
  };
  tokens.keyB = (await newKey(tokens.ownerB, "read_write")).token;
  const readKey = await newKey(tokens.ownerA, "read_only");
  tokens.readKeyA = readKey.token;
  const revoked = await newKey(tokens.ownerA, "read_write");
  tokens.revokedKeyA = revoked.token;
  const revoke = await t.app.inject({
    method: "DELETE",
    url: `/api/v1/integrations/api-keys/${revoked.key.id}`,
    headers: bearer(tokens.ownerA),
  });
  expect(revoke.statusCode, revoke.body).toBe(200);
  const headers = Object.fromEntries(
    Object.entries(tokens).map(([name, token]) => [name, bearer(token)]),
  ) as IsolationFixture["headers"];

  // A1 buys the tier and the offer by card, redeems a benefit and has one checkout open.
  const a1Headers = headers.customerA1;
  const body = { shopId: shopA, customerId: a1.customer.id };
  const membership = await kit.open(a1Headers, {
    ...body,
    type: "membership",
    membershipId: tier.id,
  });
  const paid = await kit.complete(
    a1Headers,
    membership.checkoutId,
    await kit.pay(membership.client_token),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  const bought = await kit.open(a1Headers, { ...body, type: "offer", offerId: offer.id });
  const done = await kit.complete(a1Headers, bought.checkoutId, await kit.pay(bought.client_token));
  expect(done.statusCode, done.body).toBe(200);
  const open = await kit.open(a1Headers, { ...body, type: "offer", offerId: offer.id });
  await db.insert(cashbackLedger).values({
    shopId: shopA,
    customerId: a1.customer.id,
    amountCents: 1000,
    kind: "reward",
    description: "Isolation credit",
  });
  const redeemed = await t.app.inject({
    method: "POST",
    url: `/api/v1/merchant-redemptions/create-redemption?benefitId=${benefit?.id}&customerId=${a1.customer.id}`,
    headers: headers.staffA,
  });
  expect(redeemed.statusCode, redeemed.body).toBe(201);

  const webhook = await victimWebhook(t, headers.ownerA, tag);

  // The dead sessions: logged out, and staff disabled after signing in.
  for (const name of ["loggedOutOwner", "loggedOutCustomer"] as const) {
    const out = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: headers[name],
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
  }
  const off = await t.app.inject({
    method: "PUT",
    url: `/api/v1/employees/disable-employee/${disabled.user.id}`,
    headers: headers.ownerA,
  });
  expect(off.statusCode, off.body).toBe(200);

  const a1Id = a1.customer.id;
  const [merchantNote] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.shopId, shopA), eq(notifications.userId, ownerA.user.id)));
  if (!merchantNote) throw new Error("isolation fixture incomplete: no merchant notification");
  const [memberImport] = await db
    .insert(memberImports)
    .values({
      shopId: shopA,
      userId: ownerA.user.id,
      fileName: `victim-${tag}.csv`,
      header: ["Email"],
    })
    .returning();
  await db
    .insert(memberImportRows)
    .values({ importId: memberImport?.id as number, rowNo: 2, cells: [a1.email] });
  return {
    ids: {
      shopId: shopA,
      customerId: a1Id,
      tierId: tier.id,
      benefitId: benefit?.id as number,
      offerId: offer.id,
      customerOfferId: await firstIdOf(db, customerOffers, a1Id),
      customerMembershipId: await firstIdOf(db, customerMemberships, a1Id),
      transactionId: await firstIdOf(db, transactions, a1Id),
      staffId: staffA.user.id,
      merchantNotificationId: merchantNote.id,
      customerNotificationId: await firstIdOf(db, notifications, a1Id),
      checkoutId: open.checkoutId,
      apiKeyId: readKey.key.id,
      ...webhook.ids,
      memberImportId: memberImport?.id as number,
    },
    headers,
    tokens,
    markers: [a1.email, staffA.email, `Victim tier ${tag}`, `Victim offer ${tag}`, webhook.url],
  };
}

/** Shop A's webhook endpoint with one delivery (a test event; no job runs in the walk). */
async function victimWebhook(t: TestApp, headers: Record<string, string>, tag: string) {
  const url = `https://victim-${tag}.example.com/hooks`;
  const created = await t.app.inject({
    method: "POST",
    url: "/api/v1/integrations/webhooks",
    headers,
    payload: { url, eventTypes: ["member.created"] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const webhookEndpointId = created.json().endpoint.id as number;
  const test = await t.app.inject({
    method: "POST",
    url: `/api/v1/integrations/webhooks/${webhookEndpointId}/test`,
    headers,
  });
  expect(test.statusCode, test.body).toBe(200);
  return { url, ids: { webhookEndpointId, webhookDeliveryId: test.json().delivery.id as number } };
}
