import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cashbackLedger,
  customerMemberships,
  customerOffers,
  customers,
  membershipBenefits,
  membershipTiers,
  type transactions,
} from "../../db/schema";
import { findRow } from "../../infra/db/rows";
import type { EventBus } from "../../infra/events";
import { registerAuth } from "../../plugins/auth";
import { registerErrorHandling } from "../../plugins/errors";
import { expectConfirmed } from "../../test/answers";
import { createTestApp } from "../../test/app";
import {
  createCustomer,
  createMembership,
  createMerchant,
  createOffer,
  createTier,
  createTransaction,
  loginAs,
  PASSWORD,
} from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";
import {
  type FilePart,
  makeImage,
  profileFormRejections,
  sendProfileForm,
} from "../../test/multipart";
import { customerEventsRoutes } from "./events";

const DAY = 24 * 60 * 60 * 1000;

let current = new Date("2026-11-22T15:00:00Z");

const t = appForFile({ now: () => current, env: { RATE_LIMIT_PER_MINUTE: "100000" } });

type Headers = Record<string, string>;

/** A signed-in customer of a fresh shop. */
async function customerOf(shopId: number, options: { disabled?: boolean } = {}) {
  const { customer, email, password } = await createCustomer(t.database.db, shopId);
  const login = await loginAs(t.app, { email, password }, shopId);
  if (options.disabled) {
    await t.database.db
      .update(customers)
      .set({ isDisabled: true })
      .where(eq(customers.id, customer.id));
  }
  return { customer, email, token: login.token, headers: { authorization: login.authorization } };
}

/** A shop with a three-benefit tier and a signed-in customer, optionally a member of it. */
async function shopWithCustomer(options: { member?: boolean } = {}) {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const tier = await createTier(t.database.db, shopId, {
    name: "Silver",
    priceCents: 1999,
    benefits: [
      { name: "Free coffee", worthCents: 450 },
      { name: "Free pastry", worthCents: 300 },
      { name: "Free juice", worthCents: 500 },
    ],
  });
  const benefits = await t.database.db
    .select()
    .from(membershipBenefits)
    .where(eq(membershipBenefits.tierId, tier.id))
    .orderBy(membershipBenefits.position);
  const who = await customerOf(shopId);
  let membershipId: number | null = null;
  if (options.member) {
    const membership = await createMembership(t.database.db, {
      shopId,
      customerId: who.customer.id,
      tierId: tier.id,
      start: new Date(current.getTime() - 12 * DAY),
    });
    membershipId = membership.id;
  }
  return { merchant, shopId, tier, benefits, membershipId, ...who };
}

async function giveCashback(shopId: number, customerId: number, cents: number) {
  await t.database.db
    .insert(cashbackLedger)
    .values({ shopId, customerId, amountCents: cents, kind: "reward", description: "Test credit" });
}

async function buyOffer(
  shopId: number,
  customerId: number,
  offerId: number,
  values: Partial<typeof customerOffers.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(customerOffers)
    .values({ shopId, customerId, offerId, pricePaidCents: 500, purchasedAt: current, ...values })
    .returning();
  return row as typeof customerOffers.$inferSelect;
}

function insertTransaction(
  shopId: number,
  customerId: number,
  values: Partial<typeof transactions.$inferInsert> = {},
) {
  return createTransaction(t.database.db, shopId, { customerId, ...values });
}

function call(method: "GET" | "POST" | "PUT", url: string, headers?: Headers, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * Counts the statements the database driver runs while `work` does, by wrapping the driver's
 * `query` (both PGlite and node-postgres run every Drizzle statement through it).
 */
async function countQueries(work: () => Promise<unknown>): Promise<number> {
  type Client = { query: (...args: unknown[]) => Promise<unknown> };
  const client = (t.database.db as unknown as { $client: Client }).$client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return count;
}

// ---------------------------------------------------------------- dashboard

describe("GET /customer/profile/get-customer/{id}", () => {
  it("answers the dashboard in the payments' own shapes", async () => {
    const s = await shopWithCustomer({ member: true });
    const gold = await createTier(t.database.db, s.shopId, { name: "Gold", priceCents: 4999 });
    await t.database.db
      .update(customerMemberships)
      .set({ nextTierId: gold.id, nextPlan: "monthly", cardLabel: "Visa •••• 1111" })
      .where(eq(customerMemberships.id, s.membershipId as number));
    await giveCashback(s.shopId, s.customer.id, 1250);
    const offer = await createOffer(t.database.db, s.shopId, { offerName: "Two for one" });
    await buyOffer(s.shopId, s.customer.id, offer.id);
    await buyOffer(s.shopId, s.customer.id, offer.id, {
      purchasedAt: new Date(current.getTime() - DAY),
      expiresAt: new Date(current.getTime() + DAY),
    });
    await buyOffer(s.shopId, s.customer.id, offer.id, { redeemedAt: current });
    await buyOffer(s.shopId, s.customer.id, offer.id, {
      expiresAt: new Date(current.getTime() - 1000),
    });

    const res = await call(
      "GET",
      `/api/v1/customer/profile/get-customer/${s.customer.id}`,
      s.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({ id: s.customer.id, shopId: s.shopId, email: s.email });
    expect(body.membership).toMatchObject({
      id: s.membershipId,
      membershipId: s.tier.id,
      name: "Silver",
      price: 19.99,
      status: "active",
      card: "Visa •••• 1111",
    });
    expect(body.membership.Benefits.map((b: { name: string }) => b.name)).toEqual([
      "Free coffee",
      "Free pastry",
      "Free juice",
    ]);
    expect(body.nextRenewalMembership).toEqual({
      membershipId: gold.id,
      name: "Gold",
      plan: "monthly",
      price: 49.99,
    });
    expect(body.rewardBalance).toBe(12.5);
    expect(body.activeOffers).toHaveLength(2);
    expect(body.activeOffers[0]).toMatchObject({ offerName: "Two for one", soldCount: 4 });
    expect(body.fontStyle).toBeTypeOf("string");

    // The same figures the payment calls answer with.
    const wallet = await t.app.services.payments.rewards.getWallet(s.shopId, s.customer.id);
    const offers = await t.app.services.payments.rewards.listActiveOffers(s.shopId, s.customer.id);
    expect(body).toMatchObject({ ...wallet, activeOffers: offers });
  });

  it("is assembled in a constant number of queries, whatever the customer holds", async () => {
    const empty = await shopWithCustomer();
    const full = await shopWithCustomer({ member: true });
    const gold = await createTier(t.database.db, full.shopId, { name: "Gold", priceCents: 4999 });
    await t.database.db
      .update(customerMemberships)
      .set({ nextTierId: gold.id, nextPlan: "monthly" })
      .where(eq(customerMemberships.id, full.membershipId as number));
    await giveCashback(full.shopId, full.customer.id, 800);
    for (let i = 0; i < 6; i++) {
      const offer = await createOffer(t.database.db, full.shopId, { offerName: `Offer ${i}` });
      await buyOffer(full.shopId, full.customer.id, offer.id);
    }

    const counts: number[] = [];
    for (const who of [empty, full]) {
      let body: { activeOffers: unknown[] } = { activeOffers: [] };
      counts.push(
        await countQueries(async () => {
          const res = await call(
            "GET",
            `/api/v1/customer/profile/get-customer/${who.customer.id}`,
            who.headers,
          );
          expect(res.statusCode).toBe(200);
          body = res.json();
        }),
      );
      expect(body.activeOffers).toHaveLength(who === full ? 6 : 0);
    }
    // The session lookup, then the head row, the benefits and the offers with their sales.
    expect(counts).toEqual([4, 4]);
  });

  it("answers 404 for another customer's id, 401 without a session, 403 when disabled", async () => {
    const a = await shopWithCustomer();
    const b = await customerOf(a.shopId);
    const other = await shopWithCustomer();
    for (const id of [b.customer.id, other.customer.id, 2147483000]) {
      const res = await call("GET", `/api/v1/customer/profile/get-customer/${id}`, a.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Customer not found.");
    }
    expect(
      (await call("GET", `/api/v1/customer/profile/get-customer/abc`, a.headers)).statusCode,
    ).toBe(400);
    const anonymous = await call("GET", `/api/v1/customer/profile/get-customer/${a.customer.id}`);
    expect(anonymous.statusCode).toBe(401);
    const owner = await loginAs(t.app, a.merchant);
    const merchant = await call("GET", `/api/v1/customer/profile/get-customer/${a.customer.id}`, {
      authorization: owner.authorization,
    });
    expect(merchant.statusCode).toBe(403);
    const disabled = await customerOf(a.shopId, { disabled: true });
    const refused = await call(
      "GET",
      `/api/v1/customer/profile/get-customer/${disabled.customer.id}`,
      disabled.headers,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Your account has been disabled. Please contact the shop.");
  });
});

// ---------------------------------------------------------------- lists

describe("customer lists", () => {
  it("activity: payments and redemptions merged newest first, paginated, own only", async () => {
    const s = await shopWithCustomer({ member: true });
    const neighbour = await customerOf(s.shopId);
    const base = current.getTime();
    await insertTransaction(s.shopId, s.customer.id, { createdAt: new Date(base - 10 * DAY) });
    await insertTransaction(s.shopId, s.customer.id, {
      kind: "membership_renewal",
      createdAt: new Date(base - 5 * DAY),
    });
    await insertTransaction(s.shopId, s.customer.id, {
      kind: "offer_purchase",
      membershipName: null,
      plan: null,
      offerName: "Two for one",
      priceCents: 500,
      amountCents: 0,
      cashbackUsedCents: 500,
      createdAt: new Date(base - 2 * DAY),
    });
    await insertTransaction(s.shopId, s.customer.id, {
      status: "failed",
      createdAt: new Date(base - 3 * DAY),
    });
    await insertTransaction(s.shopId, neighbour.customer.id, { createdAt: new Date(base) });
    await giveCashback(s.shopId, s.customer.id, 1000);
    const redeemed = await call(
      "POST",
      `/api/v1/customer/redemptions/create-cashback-redemption/${s.customer.id}?price=2.5`,
      s.headers,
    );
    expect(redeemed.statusCode).toBe(201);
    current = new Date(base - DAY);
    try {
      const benefit = await call(
        "POST",
        `/api/v1/customer/redemptions/create-redemption/${s.customer.id}?benefitId=${s.benefits[0]?.id}`,
        s.headers,
      );
      expect(benefit.statusCode, benefit.body).toBe(201);
    } finally {
      current = new Date(base);
    }

    const res = await call("GET", "/api/v1/customer/profile/get-customer-activity", s.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(6);
    expect(body.page).toBe(1);
    expect(
      body.activities.map((a: { activityType: string; status: string | null }) => [
        a.activityType,
        a.status,
      ]),
    ).toEqual([
      ["cashback_redemption", null],
      ["benefit_redemption", null],
      ["offer_purchase", "succeeded"],
      ["membership_purchase", "failed"],
      ["membership_renewal", "succeeded"],
      ["membership_purchase", "succeeded"],
    ]);
    expect(body.activities[0]).toMatchObject({
      item: "Cashback",
      value: 2.5,
      amountPaid: null,
      cashbackUsed: 0,
      paymentType: null,
      performedBy: "Cleo Customer",
      date: new Date(base).toISOString(),
    });
    expect(body.activities[2]).toMatchObject({
      item: "Two for one",
      value: 5,
      amountPaid: 0,
      cashbackUsed: 5,
      paymentType: "online",
    });
    expect(body.activities[0].id).toMatch(/^redemption-\d+$/);
    expect(body.activities[2].id).toMatch(/^transaction-\d+$/);

    const second = await call(
      "GET",
      "/api/v1/customer/profile/get-customer-activity?page=2&pageSize=4",
      s.headers,
    );
    expect(second.json()).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(second.json().activities.map((a: { id: string }) => a.id)).toEqual(
      body.activities.slice(4).map((a: { id: string }) => a.id),
    );
    const bad = await call(
      "GET",
      "/api/v1/customer/profile/get-customer-activity?pageSize=1000",
      s.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect((await call("GET", "/api/v1/customer/profile/get-customer-activity")).statusCode).toBe(
      401,
    );
  });

  it("redemptions: the customer's own, newest first, with total and paging", async () => {
    const s = await shopWithCustomer({ member: true });
    const neighbour = await customerOf(s.shopId);
    await giveCashback(s.shopId, s.customer.id, 1000);
    await giveCashback(s.shopId, neighbour.customer.id, 1000);
    for (const price of ["1", "2", "3"]) {
      const res = await call(
        "POST",
        `/api/v1/customer/redemptions/create-cashback-redemption/${s.customer.id}?price=${price}`,
        s.headers,
      );
      expect(res.statusCode).toBe(201);
    }
    await call(
      "POST",
      `/api/v1/customer/redemptions/create-cashback-redemption/${neighbour.customer.id}?price=4`,
      neighbour.headers,
    );
    const url = `/api/v1/customer/redemptions/get-customer-redemptions/${s.customer.id}`;
    const res = await call("GET", `${url}?pageSize=2`, s.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(body.redemptions.map((r: { value: number }) => r.value)).toEqual([3, 2]);
    expect(body.redemptions[0]).toMatchObject({
      redemptionType: "cashback",
      item: "Cashback",
      customerName: "Cleo Customer",
      performedBy: "customer",
    });
    const page2 = await call("GET", `${url}?page=2&pageSize=2`, s.headers);
    expect(page2.json().redemptions.map((r: { value: number }) => r.value)).toEqual([1]);
    expect(
      (
        await call(
          "GET",
          `/api/v1/customer/redemptions/get-customer-redemptions/${neighbour.customer.id}`,
          s.headers,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("memberships by customer: published tiers marked isSubscribed (current and next)", async () => {
    const s = await shopWithCustomer({ member: true });
    const gold = await createTier(t.database.db, s.shopId, { name: "Gold", priceCents: 4999 });
    const bronze = await createTier(t.database.db, s.shopId, { name: "Bronze", priceCents: 999 });
    await createTier(t.database.db, s.shopId, { name: "Hidden", status: "inactive" });
    const url = `/api/v1/customer/memberships/get-active-memberships-by-customer/${s.customer.id}`;

    const first = await call("GET", `${url}?shopId=${s.shopId}`, s.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(
      first
        .json()
        .memberships.map((m: { name: string; isSubscribed: boolean }) => [m.name, m.isSubscribed]),
    ).toEqual([
      ["Bronze", false],
      ["Silver", true],
      ["Gold", false],
    ]);
    expect(first.json().memberships[1].Benefits).toHaveLength(3);

    // A plan change: Gold is the next renewal; Silver, now archived, stays listed as theirs.
    await t.database.db
      .update(customerMemberships)
      .set({ nextTierId: gold.id, nextPlan: "monthly", status: "cancelled" })
      .where(eq(customerMemberships.id, s.membershipId as number));
    await t.database.db
      .update(membershipTiers)
      .set({ status: "inactive" })
      .where(eq(membershipTiers.id, s.tier.id));
    const second = await call("GET", url, s.headers);
    expect(
      second
        .json()
        .memberships.map((m: { id: number; isSubscribed: boolean }) => [m.id, m.isSubscribed]),
    ).toEqual([
      [bronze.id, false],
      [s.tier.id, true],
      [gold.id, true],
    ]);

    // Expired is history: nothing is subscribed.
    await t.database.db
      .update(customerMemberships)
      .set({ status: "expired" })
      .where(eq(customerMemberships.id, s.membershipId as number));
    const third = await call("GET", url, s.headers);
    expect(third.json().memberships.every((m: { isSubscribed: boolean }) => !m.isSubscribed)).toBe(
      true,
    );

    const other = await shopWithCustomer();
    const wrongShop = await call("GET", `${url}?shopId=${other.shopId}`, s.headers);
    expect(wrongShop.statusCode).toBe(404);
    expect(wrongShop.json().message).toBe("Store Not Found");
    const badShop = await call("GET", `${url}?shopId=abc`, s.headers);
    expect(badShop.statusCode).toBe(400);
  });

  it("offers by customer: bought, unredeemed and unexpired only", async () => {
    const s = await shopWithCustomer();
    const offer = await createOffer(t.database.db, s.shopId, { offerName: "Half price" });
    const live = await buyOffer(s.shopId, s.customer.id, offer.id);
    await buyOffer(s.shopId, s.customer.id, offer.id, { redeemedAt: current });
    await buyOffer(s.shopId, s.customer.id, offer.id, { voidedAt: current });
    await buyOffer(s.shopId, s.customer.id, offer.id, {
      expiresAt: new Date(current.getTime() - 1),
    });
    const url = `/api/v1/customer/offers/get-active-offers-by-customer/${s.customer.id}?shopId=${s.shopId}`;
    const res = await call("GET", url, s.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offers).toEqual([
      expect.objectContaining({
        customerOfferId: live.id,
        offerId: offer.id,
        offerName: "Half price",
        offerPrice: 5,
        expiresAt: null,
        redeemedAt: null,
        soldCount: 3,
      }),
    ]);
    const neighbour = await customerOf(s.shopId);
    expect(
      (
        await call(
          "GET",
          `/api/v1/customer/offers/get-active-offers-by-customer/${neighbour.customer.id}`,
          s.headers,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("transactions: the caller's own in their shop, newest first; another shop id is 404", async () => {
    const s = await shopWithCustomer();
    const neighbour = await customerOf(s.shopId);
    const base = current.getTime();
    const older = await insertTransaction(s.shopId, s.customer.id, {
      providerReference: `ref-${s.customer.id}-1`,
      provider: "sandbox",
      createdAt: new Date(base - 2 * DAY),
    });
    const newer = await insertTransaction(s.shopId, s.customer.id, {
      kind: "offer_purchase",
      offerName: "Two for one",
      membershipName: null,
      plan: null,
      priceCents: 500,
      amountCents: 250,
      cashbackUsedCents: 250,
      createdAt: new Date(base - DAY),
    });
    await insertTransaction(s.shopId, neighbour.customer.id);
    const url = `/api/v1/customer/transactions/get-customer-transactions/${s.shopId}`;
    const res = await call("GET", url, s.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.transactions.map((x: { id: number }) => x.id)).toEqual([newer.id, older.id]);
    expect(body.transactions[0]).toMatchObject({
      transactionType: "Offer",
      offerName: "Two for one",
      offerPrice: 5,
      price: 5,
      amount: 2.5,
      cashbackUsed: 2.5,
      paymentType: "online",
      status: "succeeded",
      transactionBy: "Cleo Customer",
    });
    expect(body.transactions[1]).toMatchObject({
      transactionId: `ref-${s.customer.id}-1`,
      transactionType: "Silver",
      membershipName: "Silver",
      plan: "monthly",
      offerPrice: null,
    });
    const paged = await call("GET", `${url}?page=2&pageSize=1`, s.headers);
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.json().transactions[0].id).toBe(older.id);

    const other = await shopWithCustomer();
    const wrong = await call(
      "GET",
      `/api/v1/customer/transactions/get-customer-transactions/${other.shopId}`,
      s.headers,
    );
    expect(wrong.statusCode).toBe(404);
    const empty = await call(
      "GET",
      `/api/v1/customer/transactions/get-customer-transactions/${other.shopId}`,
      other.headers,
    );
    expect(empty.json()).toMatchObject({ transactions: [], total: 0 });
  });
});

// ---------------------------------------------------------------- profile and password

async function updateProfile(
  headers: Headers | undefined,
  id: number,
  fields: Record<string, string>,
  file?: FilePart,
) {
  return sendProfileForm(
    t.app,
    { method: "PUT", url: `/api/v1/customer/profile/update-customer-profile/${id}`, headers },
    fields,
    file,
  );
}

const customerRow = (id: number) => findRow(t.database.db, customers, id);

describe("PUT /customer/profile/update-customer-profile/{id}", () => {
  it("saves names, the phone in E.164 and a picture, and returns the customer", async () => {
    const s = await shopWithCustomer();
    const seen: string[] = [];
    const stop = t.app.events.subscribe((event) => {
      if (event.type === "customer.changed" && event.customerId === s.customer.id) {
        seen.push(event.reason);
      }
    });
    const first = await updateProfile(
      s.headers,
      s.customer.id,
      { firstName: " Clara ", lastName: "Jones", phoneNumber: "07911 123456", country: "GB" },
      { buffer: await makeImage(300, 300, "jpeg"), filename: "me.jpg", type: "image/jpeg" },
    );
    const { customer } = expectConfirmed(first, 200, "Profile updated successfully");
    expect(customer).toMatchObject({
      id: s.customer.id,
      shopId: s.shopId,
      email: s.email,
      firstName: "Clara",
      lastName: "Jones",
      phoneNumber: "+447911123456",
    });
    expect(customer.profilePicture).toMatch(/^\/uploads\/profiles\/[\w-]+\.jpg$/);
    expect(existsSync(join(t.config.dataDir, customer.profilePicture))).toBe(true);

    // A new picture replaces the old file; an empty phone clears it (default country US).
    const second = await updateProfile(
      s.headers,
      s.customer.id,
      { firstName: "Clara", lastName: "Jones", phoneNumber: "" },
      { buffer: await makeImage(200, 200, "png"), filename: "me.png", type: "image/png" },
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().customer.phoneNumber).toBeNull();
    expect(second.json().customer.profilePicture).toMatch(/\.png$/);
    expect(existsSync(join(t.config.dataDir, customer.profilePicture))).toBe(false);
    const us = await updateProfile(s.headers, s.customer.id, {
      firstName: "Clara",
      lastName: "Jones",
      phoneNumber: "(201) 555-0123",
    });
    expect(us.json().customer).toMatchObject({
      phoneNumber: "+12015550123",
      profilePicture: second.json().customer.profilePicture,
    });

    const dashboard = await call(
      "GET",
      `/api/v1/customer/profile/get-customer/${s.customer.id}`,
      s.headers,
    );
    expect(dashboard.json().customer).toMatchObject({ firstName: "Clara", lastName: "Jones" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    expect(seen).toEqual(["profile.updated", "profile.updated", "profile.updated"]);
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const s = await shopWithCustomer();
    const cases = await profileFormRejections({ firstName: "Clara", lastName: "Jones" }, "country");
    for (const [fields, file, errors] of cases) {
      const res = await updateProfile(s.headers, s.customer.id, fields, file);
      expect(res.statusCode, JSON.stringify(errors)).toBe(400);
      expect(res.json().errors).toEqual(errors);
      expect(res.json().message).toBe(Object.values(errors)[0]);
    }
    expect(await customerRow(s.customer.id)).toMatchObject({
      firstName: "Cleo",
      lastName: "Customer",
      phoneNumber: null,
      profilePicture: null,
    });

    const neighbour = await customerOf(s.shopId);
    const res = await updateProfile(s.headers, neighbour.customer.id, {
      firstName: "Hacker",
      lastName: "Person",
    });
    expect(res.statusCode).toBe(404);
    expect((await customerRow(neighbour.customer.id))?.firstName).toBe("Cleo");
    expect(
      (await updateProfile(undefined, s.customer.id, { firstName: "Clara", lastName: "Jones" }))
        .statusCode,
    ).toBe(401);
  });
});

describe("PUT /customer/profile/update-password/{id}", () => {
  it("checks the rules, refuses a wrong current password, ends the other sessions", async () => {
    const s = await shopWithCustomer();
    const url = `/api/v1/customer/profile/update-password/${s.customer.id}`;
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { currentPassword: "", newPassword: "" },
        {
          currentPassword: "Current password is required.",
          newPassword: "New password is required.",
        },
      ],
      [
        { currentPassword: PASSWORD, newPassword: "weakpass" },
        {
          newPassword:
            "Password must contain: 8+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special character.",
        },
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD },
        { newPassword: "New Password cannot be the same as current password." },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await call("PUT", url, s.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const wrong = await call("PUT", url, s.headers, {
      currentPassword: "Wrong@1234",
      newPassword: "Brand@New1",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: "Invalid current password.",
      errors: { currentPassword: "Invalid current password." },
    });

    const neighbour = await customerOf(s.shopId);
    const foreign = await call(
      "PUT",
      `/api/v1/customer/profile/update-password/${neighbour.customer.id}`,
      s.headers,
      { currentPassword: PASSWORD, newPassword: "Brand@New1" },
    );
    expect(foreign.statusCode).toBe(404);

    const elsewhere = await loginAs(t.app, { email: s.email, password: PASSWORD }, s.shopId);
    const done = await call("PUT", url, s.headers, {
      currentPassword: PASSWORD,
      newPassword: "Brand@New1",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe("Password updated successfully");
    const dashboard = `/api/v1/customer/profile/get-customer/${s.customer.id}`;
    expect((await call("GET", dashboard, s.headers)).statusCode).toBe(200);
    expect(
      (await call("GET", dashboard, { authorization: elsewhere.authorization })).statusCode,
    ).toBe(401);
    await expect(
      loginAs(t.app, { email: s.email, password: PASSWORD }, s.shopId),
    ).rejects.toThrow();
    await loginAs(t.app, { email: s.email, password: "Brand@New1" }, s.shopId);
  });
});

// ---------------------------------------------------------------- redemptions

describe("redemptions by the customer", () => {
  it("redeems a bought offer once, never an expired or another customer's one", async () => {
    const s = await shopWithCustomer();
    const neighbour = await customerOf(s.shopId);
    const offer = await createOffer(t.database.db, s.shopId, { offerName: "Two for one" });
    const mine = await buyOffer(s.shopId, s.customer.id, offer.id);
    const expired = await buyOffer(s.shopId, s.customer.id, offer.id, {
      expiresAt: new Date(current.getTime() - 1000),
    });
    const theirs = await buyOffer(s.shopId, neighbour.customer.id, offer.id);
    const url = (customerOfferId: number | string, id = s.customer.id) =>
      `/api/v1/customer/offers/redeem-offer/${id}?customerOfferId=${customerOfferId}`;

    const [a, b] = await Promise.all([
      call("POST", url(mine.id), s.headers),
      call("POST", url(mine.id), s.headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const ok = a.statusCode === 201 ? a : b;
    expect(ok.json()).toMatchObject({
      message: "Offer redeemed successfully",
      redemption: { redemptionType: "offer", item: "Two for one", value: 5 },
    });
    const again = await call("POST", url(mine.id), s.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This offer has already been redeemed.");
    const late = await call("POST", url(expired.id), s.headers);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe("This offer has expired and can no longer be redeemed.");
    const foreign = await call("POST", url(theirs.id), s.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("This offer purchase was not found.");
    expect((await call("POST", url(theirs.id, neighbour.customer.id), s.headers)).statusCode).toBe(
      404,
    );
    const missing = await call(
      "POST",
      `/api/v1/customer/offers/redeem-offer/${s.customer.id}`,
      s.headers,
    );
    expectFieldErrors(missing, { customerOfferId: "Invalid id" });
  });

  it("redeems a benefit once per membership month, in parallel exactly once", async () => {
    const s = await shopWithCustomer({ member: true });
    const benefit = s.benefits[0] as { id: number; name: string };
    const url = (benefitId: number | string, id = s.customer.id) =>
      `/api/v1/customer/redemptions/create-redemption/${id}?benefitId=${benefitId}`;
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => call("POST", url(benefit.id), s.headers)),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const ok = attempts.find((r) => r.statusCode === 201);
    expect(ok?.json()).toMatchObject({
      message: "Benefit redeemed successfully",
      redemption: { redemptionType: "benefit", item: "Free coffee", value: 4.5 },
    });
    const again = await call("POST", url(benefit.id), s.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^You have already redeemed Free coffee this month\. It is available again on /,
    );
    // The dashboard marks it used until the next membership month.
    const dashboard = await call(
      "GET",
      `/api/v1/customer/profile/get-customer/${s.customer.id}`,
      s.headers,
    );
    const benefits = dashboard.json().membership.Benefits;
    expect(benefits.find((b: { id: number }) => b.id === benefit.id)).toMatchObject({
      usedThisMonth: true,
      availableOn: expect.any(String),
    });
    expect(benefits.find((b: { id: number }) => b.id === s.benefits[1]?.id)).toMatchObject({
      usedThisMonth: false,
      availableOn: null,
    });
    // Another benefit of the same month is still free to redeem.
    expect((await call("POST", url(s.benefits[1]?.id as number), s.headers)).statusCode).toBe(201);

    const otherTier = await createTier(t.database.db, s.shopId, { name: "Gold" });
    const [foreignBenefit] = await t.database.db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.tierId, otherTier.id));
    const notMine = await call("POST", url(foreignBenefit?.id as number), s.headers);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe("This benefit is not part of the current membership.");

    const stranger = await shopWithCustomer();
    const none = await call(
      "POST",
      `/api/v1/customer/redemptions/create-redemption/${stranger.customer.id}?benefitId=${benefit.id}`,
      stranger.headers,
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe("There is no active membership to redeem benefits from.");
    expect((await call("POST", url(benefit.id, stranger.customer.id), s.headers)).statusCode).toBe(
      404,
    );
    const missing = await call("POST", url(""), s.headers);
    expectFieldErrors(missing, { benefitId: "Invalid id" });
  });

  it("redeems cashback with cents, with every amount message", async () => {
    const s = await shopWithCustomer();
    await giveCashback(s.shopId, s.customer.id, 1000);
    const url = (query: string, id = s.customer.id) =>
      `/api/v1/customer/redemptions/create-cashback-redemption/${id}${query}`;
    const cases: [string, string][] = [
      ["", "Please enter an amount to redeem."],
      ["?price=", "Please enter an amount to redeem."],
      ["?price=abc", "Please enter a valid amount to redeem."],
      ["?price=0", "Please enter a valid amount to redeem."],
      ["?price=-1", "Please enter a valid amount to redeem."],
      ["?price=1.234", "Please enter a valid amount to redeem."],
      ["?price=10.01", "You cannot redeem more than your available cashback."],
    ];
    for (const [query, message] of cases) {
      const res = await call("POST", url(query), s.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ message, errors: { price: message } });
    }
    const ok = await call("POST", url("?price=2.75"), s.headers);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      message: "Cashback redeemed successfully",
      redemption: { redemptionType: "cashback", item: "Cashback", value: 2.75 },
      rewardBalance: 7.25,
    });
    const neighbour = await customerOf(s.shopId);
    expect((await call("POST", url("?price=1", neighbour.customer.id), s.headers)).statusCode).toBe(
      404,
    );
  });

  it("never overdraws the wallet under parallel cashback redemptions", async () => {
    const s = await shopWithCustomer();
    await giveCashback(s.shopId, s.customer.id, 1000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(
          "POST",
          `/api/v1/customer/redemptions/create-cashback-redemption/${s.customer.id}?price=3.5`,
          s.headers,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const refused of results.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("You cannot redeem more than your available cashback.");
    }
    const dashboard = await call(
      "GET",
      `/api/v1/customer/profile/get-customer/${s.customer.id}`,
      s.headers,
    );
    expect(dashboard.json().rewardBalance).toBe(3);
  });
});

// ---------------------------------------------------------------- authorization, every route

describe("every customer route", () => {
  it("answers 404 for another customer's id and refuses a disabled customer", async () => {
    const s = await shopWithCustomer({ member: true });
    const neighbour = await customerOf(s.shopId);
    const disabled = await customerOf(s.shopId, { disabled: true });
    const routes = (id: number): ["GET" | "POST" | "PUT", string, unknown?][] => [
      ["GET", `/api/v1/customer/profile/get-customer/${id}`],
      ["GET", `/api/v1/customer/redemptions/get-customer-redemptions/${id}`],
      ["GET", `/api/v1/customer/memberships/get-active-memberships-by-customer/${id}`],
      ["GET", `/api/v1/customer/offers/get-active-offers-by-customer/${id}`],
      [
        "PUT",
        `/api/v1/customer/profile/update-password/${id}`,
        { currentPassword: PASSWORD, newPassword: "Brand@New1" },
      ],
      ["POST", `/api/v1/customer/offers/redeem-offer/${id}?customerOfferId=1`],
      ["POST", `/api/v1/customer/redemptions/create-redemption/${id}?benefitId=1`],
      ["POST", `/api/v1/customer/redemptions/create-cashback-redemption/${id}?price=1`],
    ];
    for (const [method, url, payload] of routes(neighbour.customer.id)) {
      const res = await call(method, url, s.headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url, payload] of routes(disabled.customer.id)) {
      const res = await call(method, url, disabled.headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe("Your account has been disabled. Please contact the shop.");
    }
    for (const [method, url, payload] of [
      ...routes(s.customer.id),
      ["GET", "/api/v1/customer/profile/get-customer-activity"] as const,
      ["GET", `/api/v1/customer/transactions/get-customer-transactions/${s.shopId}`] as const,
    ]) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });
});

// ---------------------------------------------------------------- live refresh

/** Reads a Server-Sent Events body as text, waiting for what a test expects. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let done = false;
  async function until(check: (text: string) => boolean, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!check(text)) {
      if (done) throw new Error(`stream ended; received: ${JSON.stringify(text)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received: ${JSON.stringify(text)}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left)),
      ]);
      if (chunk === "timeout") continue;
      if (chunk.done) done = true;
      else text += decoder.decode(chunk.value, { stream: true });
    }
    return text;
  }
  return {
    until,
    /** Resolves once the server has ended the stream. */
    async ended(timeoutMs: number) {
      await until(() => done, timeoutMs).catch((error) => {
        if (!done) throw error;
      });
    },
    get text() {
      return text;
    },
  };
}

/** Counts the event bus's live subscriptions, to see streams let go of theirs. */
function trackSubscriptions(events: EventBus) {
  const original = events.subscribe;
  let active = 0;
  events.subscribe = (handler) => {
    active += 1;
    const stop = original.call(events, handler);
    return () => {
      active -= 1;
      return stop();
    };
  };
  return {
    get active() {
      return active;
    },
    restore() {
      events.subscribe = original;
    },
  };
}

async function waitFor(check: () => boolean, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("GET /events (Server-Sent Events)", () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("sends `changed` within 2 s of a redemption made through the API, and cleans up", async () => {
    const s = await shopWithCustomer({ member: true });
    const subscriptions = trackSubscriptions(t.app.events);
    const abort = new AbortController();
    try {
      const res = await fetch(
        `${base}/api/v1/events?shopId=${s.shopId}&customerId=${s.customer.id}&token=${s.token}`,
        { signal: abort.signal },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("x-accel-buffering")).toBe("no");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const stream = sseReader(res.body as ReadableStream<Uint8Array>);
      await stream.until((text) => text.includes(": connected"), 2000);
      expect(subscriptions.active).toBe(1);

      // A change to someone else is not sent.
      const neighbour = await customerOf(s.shopId);
      await giveCashback(s.shopId, neighbour.customer.id, 500);
      await call(
        "POST",
        `/api/v1/customer/redemptions/create-cashback-redemption/${neighbour.customer.id}?price=1`,
        neighbour.headers,
      );

      const started = Date.now();
      const redeemed = await call(
        "POST",
        `/api/v1/customer/redemptions/create-redemption/${s.customer.id}?benefitId=${s.benefits[0]?.id}`,
        s.headers,
      );
      expect(redeemed.statusCode).toBe(201);
      const text = await stream.until((text) => text.includes("event: changed"), 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(text).toContain("event: changed\ndata: redemption.recorded\n\n");
      expect(text.match(/event: changed/g)).toHaveLength(1);
    } finally {
      abort.abort();
    }
    await waitFor(() => subscriptions.active === 0);
    subscriptions.restore();
  });

  it("refuses a bad token, another customer, a merchant and a disabled customer", async () => {
    const s = await shopWithCustomer();
    const neighbour = await customerOf(s.shopId);
    const disabled = await customerOf(s.shopId, { disabled: true });
    const owner = await loginAs(t.app, s.merchant);
    const url = (query: string) => `${base}/api/v1/events?${query}`;
    const cases: [string, number, string][] = [
      [
        `shopId=${s.shopId}&customerId=${s.customer.id}&token=not-a-token`,
        401,
        "Invalid or expired token. Please login again.",
      ],
      [`shopId=${s.shopId}&customerId=${s.customer.id}`, 401, "Please log in to continue."],
      [
        `shopId=${s.shopId}&customerId=${neighbour.customer.id}&token=${s.token}`,
        404,
        "Customer not found.",
      ],
      [
        `shopId=${s.shopId + 100000}&customerId=${s.customer.id}&token=${s.token}`,
        404,
        "Customer not found.",
      ],
      [
        `shopId=${s.shopId}&customerId=${s.customer.id}&token=${owner.token}`,
        403,
        "This is only available to the shop's customers.",
      ],
      [
        `shopId=${s.shopId}&customerId=${disabled.customer.id}&token=${disabled.token}`,
        403,
        "Your account has been disabled. Please contact the shop.",
      ],
      [`customerId=${s.customer.id}&token=${s.token}`, 400, "Invalid id"],
    ];
    for (const [query, status, message] of cases) {
      const res = await fetch(url(query));
      expect(res.status, query).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });
});

describe("event stream lifecycle", () => {
  it("beats every interval and ends when the session does", async () => {
    const s = await shopWithCustomer();
    // The same route on its own with a 50 ms heartbeat, on the test app's database and bus.
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerAuth(app, t.database.db);
    await app.register(customerEventsRoutes, {
      db: t.database.db,
      events: t.app.events,
      heartbeatMs: 50,
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const res = await fetch(
        `${base}/api/v1/events?shopId=${s.shopId}&customerId=${s.customer.id}`,
        {
          headers: { authorization: s.headers.authorization },
        },
      );
      expect(res.status).toBe(200);
      const stream = sseReader(res.body as ReadableStream<Uint8Array>);
      await stream.until((text) => (text.match(/: heartbeat\n\n/g) ?? []).length >= 2, 2000);
      const out = await call("POST", "/api/v1/auth/logout", s.headers);
      expect(out.statusCode).toBe(200);
      await stream.ended(2000);
    } finally {
      await app.close();
    }
  });

  it("ends open streams when the app closes, so closing is not held up", async () => {
    const own = await createTestApp();
    try {
      const merchant = await createMerchant(own.database.db);
      const shopId = merchant.shop?.id as number;
      const { customer, email, password } = await createCustomer(own.database.db, shopId);
      const { token } = await loginAs(own.app, { email, password }, shopId);
      const base = await own.app.listen({ port: 0, host: "127.0.0.1" });
      const res = await fetch(
        `${base}/api/v1/events?shopId=${shopId}&customerId=${customer.id}&token=${token}`,
      );
      expect(res.status).toBe(200);
      const stream = sseReader(res.body as ReadableStream<Uint8Array>);
      await stream.until((text) => text.includes(": connected"), 2000);
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(2000);
      await stream.ended(2000);
    } finally {
      await own.database.close();
    }
  });
});
