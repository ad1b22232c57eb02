import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import {
  cashbackLedger,
  customerMemberships,
  customers,
  membershipBenefits,
  membershipTiers,
  offers,
  shops,
  transactions,
  users,
} from "../db/schema";
import type { Database } from "../infra/db";
import { insertRow } from "../infra/db/rows";
import { listRecentOutboxEmails } from "../infra/mailer/outbox-repo";
import { hashPassword } from "../infra/passwords";
import { createSandboxAccount } from "../infra/payments/sandbox";

let counter = 0;
/** A unique e-mail per call, so tests can share one PostgreSQL database. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const PASSWORD = "Secret@123";

/** A verified owner with a shop, created straight in the database. */
export async function createMerchant(
  db: Database,
  overrides: { email?: string; password?: string; verified?: boolean; withShop?: boolean } = {},
) {
  const email = overrides.email ?? uniqueEmail("owner");
  const user = await insertRow(
    db,
    users,
    {
      email,
      firstName: "Olive",
      lastName: "Owner",
      passwordHash: await hashPassword(overrides.password ?? PASSWORD),
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
    },
    "user",
  );
  let shop: typeof shops.$inferSelect | undefined;
  if (overrides.withShop !== false) {
    [shop] = await db
      .insert(shops)
      .values({ ownerId: user.id, name: "Test Shop", industry: "Retail", tagline: "Tested daily" })
      .returning();
  }
  return { user, shop, email, password: overrides.password ?? PASSWORD };
}

export async function createStaff(
  db: Database,
  shopId: number,
  overrides: { status?: "active" | "inactive" | "disabled"; password?: string | null } = {},
) {
  const email = uniqueEmail("staff");
  const password = overrides.password === undefined ? PASSWORD : overrides.password;
  const user = await insertRow(
    db,
    users,
    {
      email,
      firstName: "Sam",
      lastName: "Staff",
      shopId,
      role: "Barista",
      status: overrides.status ?? "active",
      passwordHash: password ? await hashPassword(password) : null,
      emailVerifiedAt: password ? new Date() : null,
    },
    "staff",
  );
  return { user, email, password: password ?? "" };
}

export async function createCustomer(
  db: Database,
  shopId: number,
  overrides: { email?: string; disabled?: boolean } = {},
) {
  const email = overrides.email ?? uniqueEmail("customer");
  const customer = await insertRow(
    db,
    customers,
    {
      shopId,
      email,
      firstName: "Cleo",
      lastName: "Customer",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
      isDisabled: overrides.disabled ?? false,
    },
    "customer",
  );
  return { customer, email, password: PASSWORD };
}

/** Signs in through the real endpoint and returns the bearer header. */
export async function loginAs(
  app: FastifyInstance,
  who: { email: string; password: string },
  shopId?: number,
): Promise<{ authorization: string; token: string }> {
  const res = await app.inject({
    method: "POST",
    url: shopId ? "/api/v1/customer/auth/sign-in" : "/api/v1/auth/sign-in",
    payload: shopId ? { ...who, shopId } : who,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json();
  return { authorization: `Bearer ${token}`, token };
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** A membership tier with its benefits, created straight in the database (cents). */
export async function createTier(
  db: Database,
  shopId: number,
  overrides: Partial<typeof membershipTiers.$inferInsert> & {
    benefits?: { name: string; worthCents: number }[];
  } = {},
) {
  const { benefits = [{ name: "Free coffee", worthCents: 450 }], ...values } = overrides;
  const tier = await insertRow(
    db,
    membershipTiers,
    {
      shopId,
      name: "Silver",
      description: "Coffee lovers' plan",
      priceCents: 1999,
      cashbackRewardCents: 500,
      renewal: "monthly",
      rewardFrequency: "monthly",
      ...values,
    },
    "tier",
  );
  if (benefits.length > 0) {
    await db
      .insert(membershipBenefits)
      .values(benefits.map((b, position) => ({ ...b, tierId: tier.id, shopId, position })));
  }
  return tier;
}

const MEMBERSHIP_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A customer's membership of a tier, created straight in the database: by default active,
 * monthly, paid in cash, started `start` (now unless given) and running 30 days.
 */
export async function createMembership(
  db: Database,
  values: Partial<typeof customerMemberships.$inferInsert> & {
    shopId: number;
    customerId: number;
    tierId: number;
    start?: Date;
  },
) {
  const { start = new Date(), ...overrides } = values;
  return insertRow(
    db,
    customerMemberships,
    {
      plan: "monthly",
      status: "active",
      paymentType: "cash",
      startDate: start,
      periodStart: start,
      expireDate: new Date(start.getTime() + MEMBERSHIP_DAYS_MS),
      ...overrides,
    },
    "membership",
  );
}

/** Cashback credited to a customer as a reward, straight in the ledger (cents). */
export async function giveCashback(
  db: Database,
  of: { shopId: number; customerId: number },
  amountCents: number,
) {
  await db.insert(cashbackLedger).values({
    ...of,
    amountCents,
    kind: "reward",
    description: "Test credit",
  });
}

/**
 * A factory of one kind of a shop's rows, created straight in the database: the shop, then
 * `defaults`, then what the test gives. `what` names the row in the error should none come back.
 */
function shopRowFactory<T extends PgTable>(
  table: T,
  what: string,
  defaults: Omit<T["$inferInsert"], "shopId">,
) {
  return (
    db: Database,
    shopId: number,
    overrides: Partial<T["$inferInsert"]> = {},
  ): Promise<T["$inferSelect"]> =>
    insertRow(db, table, { shopId, ...defaults, ...overrides } as T["$inferInsert"], what);
}

/** An offer created straight in the database (cents; dates "YYYY-MM-DD"). */
export const createOffer = shopRowFactory(offers, "offer", {
  offerName: "Two for one",
  description: "Two coffees for the price of one",
  offerPriceCents: 500,
  originalPriceCents: 1000,
  startDate: "2025-01-01",
  endDate: "2099-12-31",
  offerImage: "/uploads/offers/AAAAAAAAAAAAAAAAAAAAAA.png",
});

/** A card payment for a Silver membership, created straight in the database (cents). */
export const createTransaction = shopRowFactory(transactions, "transaction", {
  customerName: "Cleo Customer",
  kind: "membership_purchase",
  membershipName: "Silver",
  plan: "monthly",
  paymentType: "online",
  priceCents: 1999,
  amountCents: 1999,
  status: "succeeded",
  transactionBy: "Cleo Customer",
});

/** Connects a shop to the built-in sandbox card provider, as its approved onboarding would. */
export async function connectSandbox(app: FastifyInstance, shopId: number) {
  await app.services.payments.onboarding.connectShop(shopId, createSandboxAccount());
}

/** Fills in the sandbox card form; returns the provider's transaction id. */
export async function payWithSandbox(
  app: FastifyInstance,
  clientToken: string,
  card: "approve" | "decline" = "approve",
  holder = "Card Holder",
): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/sandbox/checkout/pay",
    payload: {
      token: clientToken,
      cardNumber: card === "approve" ? "4111 1111 1111 1111" : "4000 0000 0000 0002",
      expiry: "12/40",
      cvc: "123",
      name: holder,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sandbox payment failed: ${res.body}`);
  return res.json().transactionId as string;
}

/** The link to `path` in the newest e-mail kept for `to` (no SMTP: the outbox is the delivery). */
export async function lastEmailLink(db: Database, to: string, path: string): Promise<URL> {
  const [mail] = await listRecentOutboxEmails(db, { to, limit: 1 });
  if (!mail) throw new Error(`no e-mail to ${to}`);
  const link = (mail.text.match(/https?:\/\/[^\s<>")\]]+/g) ?? [])
    .map((raw) => new URL(raw))
    .find((url) => url.pathname === path);
  if (!link) throw new Error(`no ${path} link in the e-mail to ${to}: ${mail.text}`);
  return link;
}
