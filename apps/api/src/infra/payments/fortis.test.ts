import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFortisProvider, type FortisOptions, UNREACHABLE_MESSAGE } from "./fortis";
import { type MerchantAccount, type PaymentProvider, ProviderError } from "./types";

// A real HTTP server on a free local port that answers as the Fortis API does, from a table of
// routes each test fills in, and records every request it receives.

type Reply = { status: number; body?: unknown; raw?: string } | "hang";
type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; raw: string };

const routes = new Map<string, Reply>();
const requests: Recorded[] = [];
let server: Server;
let apiUrl: string;

const DEVELOPER_ID = "dev-7f3a";
const PLATFORM_USER = "11ee0000000000000000p1a7";
const PLATFORM_KEY = "platform-secret-key-0001";

const account: MerchantAccount = {
  userId: "11ee1111111111111111aaaa",
  apiKey: "merchant-secret-key-9999",
  locationId: "11ee2222222222222222bbbb",
  productTransactionId: "11ee3333333333333333cccc",
};

function provider(overrides: Partial<FortisOptions> = {}): PaymentProvider {
  return createFortisProvider({
    apiUrl,
    developerId: DEVELOPER_ID,
    platformUserId: PLATFORM_USER,
    platformApiKey: PLATFORM_KEY,
    elementsUrl: "https://js.sandbox.fortis.tech/commercejs-v1.0.0.min.js",
    environment: "sandbox",
    onboardingTemplateCode: "Tmpl42",
    ...overrides,
  });
}

function route(method: string, path: string, reply: Reply) {
  routes.set(`${method} ${path}`, reply);
}

function only(): Recorded {
  expect(requests).toHaveLength(1);
  return requests[0] as Recorded;
}

/** The request as Fortis would see it: method, path, credentials and exact JSON body. */
function expectRequest(
  request: Recorded,
  expected: {
    method: string;
    path: string;
    as?: "merchant" | "platform";
    body?: Record<string, unknown>;
  },
) {
  const credentials =
    expected.as === "platform"
      ? { userId: PLATFORM_USER, apiKey: PLATFORM_KEY }
      : { userId: account.userId, apiKey: account.apiKey };
  expect(request.method).toBe(expected.method);
  expect(request.url).toBe(expected.path);
  expect(request.headers["developer-id"]).toBe(DEVELOPER_ID);
  expect(request.headers["user-id"]).toBe(credentials.userId);
  expect(request.headers["user-api-key"]).toBe(credentials.apiKey);
  if (expected.body === undefined) {
    expect(request.raw).toBe("");
    expect(request.headers["content-type"]).toBeUndefined();
  } else {
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.raw)).toStrictEqual(expected.body);
  }
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

function transaction(fields: Record<string, unknown>) {
  return {
    type: "Transaction",
    data: {
      id: "11ee4444444444444444dddd",
      location_id: account.locationId,
      product_transaction_id: account.productTransactionId,
      payment_method: "cc",
      transaction_amount: 2500,
      status_code: 101,
      reason_code_id: 1000,
      verbiage: "APPROVED",
      ...fields,
    },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      const reply = routes.get(`${req.method} ${req.url}`) ?? {
        status: 404,
        body: { type: "Error", title: "Not Found", detail: "Route not found" },
      };
      if (reply === "hang") return;
      const payload = reply.raw ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
      res.writeHead(reply.status, payload ? { "content-type": "application/json" } : {});
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  routes.clear();
  requests.length = 0;
});

describe("Fortis provider", () => {
  it("tells the browser to load Fortis Elements", () => {
    const fortis = provider();
    expect(fortis.name).toBe("fortis");
    expect(fortis.browser).toStrictEqual({
      environment: "sandbox",
      scriptUrl: "https://js.sandbox.fortis.tech/commercejs-v1.0.0.min.js",
      formUrl: null,
    });
  });

  describe("createIntention", () => {
    it("asks for a card sale that saves the card and returns the client token", async () => {
      route("POST", "/v1/elements/transaction/intention", {
        status: 201,
        body: {
          type: "TransactionIntention",
          data: { action: "sale", location_id: account.locationId, client_token: "eyJ.client" },
        },
      });
      await expect(
        provider().createIntention(account, { amountCents: 1999, reference: "chk-1" }),
      ).resolves.toEqual({
        clientToken: "eyJ.client",
      });
      expectRequest(only(), {
        method: "POST",
        path: "/v1/elements/transaction/intention",
        body: {
          action: "sale",
          amount: 1999,
          location_id: account.locationId,
          methods: [{ type: "cc", product_transaction_id: account.productTransactionId }],
          save_account: true,
          transaction_api_id: "chk-1",
        },
      });
    });

    it("turns a 401 into a readable ProviderError without the API key", async () => {
      route("POST", "/v1/elements/transaction/intention", {
        status: 401,
        body: {
          type: "Error",
          title: "Unauthorized",
          detail: `Invalid user-api-key ${account.apiKey}`,
        },
      });
      const error = await providerError(
        provider().createIntention(account, { amountCents: 100, reference: "chk-2" }),
      );
      expect(error.status).toBe(401);
      expect(error.message).toContain("Invalid user-api-key");
      expect(error.message).not.toContain(account.apiKey);
    });
  });

  describe("findCheckoutPayment", () => {
    const path = "/v1/transactions?filter%5Btransaction_api_id%5D=chk-7";

    it("finds the approved sale carrying the checkout's reference among its declines", async () => {
      const sale = (id: string, status_code: number) =>
        transaction({ id, status_code, transaction_api_id: "chk-7" }).data;
      route("GET", path, {
        status: 200,
        body: { type: "TransactionsCollection", list: [sale("d-1", 301), sale("a-1", 101)] },
      });
      const found = await provider().findCheckoutPayment(account, {
        reference: "chk-7",
        clientToken: "ct",
      });
      expect(found).toMatchObject({ id: "a-1", outcome: "approved", reference: "chk-7" });
      expectRequest(only(), { method: "GET", path });
    });

    it("answers null when no payment carries the reference", async () => {
      route("GET", path, { status: 200, body: { type: "TransactionsCollection", list: [] } });
      await expect(
        provider().findCheckoutPayment(account, { reference: "chk-7", clientToken: "ct" }),
      ).resolves.toBeNull();
    });
  });

  describe("getTransaction", () => {
    it("maps an approved sale (101) with its saved card", async () => {
      route("GET", "/v1/transactions/11ee4444444444444444dddd", {
        status: 200,
        body: transaction({
          account_vault_id: "11ee5555555555555555eeee",
          account_type: "visa",
          last_four: "1111",
          contact_id: "11ee6666666666666666ffff",
          transaction_api_id: "checkout-42",
        }),
      });
      await expect(
        provider().getTransaction(account, "11ee4444444444444444dddd"),
      ).resolves.toStrictEqual({
        id: "11ee4444444444444444dddd",
        outcome: "approved",
        statusCode: 101,
        amountCents: 2500,
        locationId: account.locationId,
        savedCardToken: "11ee5555555555555555eeee",
        cardLabel: "Visa •••• 1111",
        contactId: "11ee6666666666666666ffff",
        reference: "checkout-42",
        refunded: false,
      });
      expectRequest(only(), { method: "GET", path: "/v1/transactions/11ee4444444444444444dddd" });
    });

    it("treats a settled sale (191) as approved and reads token_id", async () => {
      route("GET", "/v1/transactions/settled-1", {
        status: 200,
        body: transaction({
          id: "settled-1",
          status_code: 191,
          token_id: "tok-1",
          account_type: "mc",
          last_four: "4444",
        }),
      });
      const found = await provider().getTransaction(account, "settled-1");
      expect(found).toMatchObject({
        outcome: "approved",
        statusCode: 191,
        savedCardToken: "tok-1",
        cardLabel: "Mastercard •••• 4444",
        refunded: false,
      });
    });

    it("maps a decline (301), with nothing saved and no card known", async () => {
      route("GET", "/v1/transactions/declined-1", {
        status: 200,
        body: transaction({ id: "declined-1", status_code: 301, reason_code_id: 1615 }),
      });
      await expect(provider().getTransaction(account, "declined-1")).resolves.toMatchObject({
        outcome: "declined",
        statusCode: 301,
        savedCardToken: null,
        cardLabel: null,
        contactId: null,
        reference: null,
        refunded: false,
      });
    });

    it("reports refunds (111) and voids (201) as refunded, never as a paid sale", async () => {
      route("GET", "/v1/transactions/refund-1", {
        status: 200,
        body: transaction({ id: "refund-1", status_code: 111 }),
      });
      route("GET", "/v1/transactions/void-1", {
        status: 200,
        body: transaction({ id: "void-1", status_code: 201 }),
      });
      const fortis = provider();
      await expect(fortis.getTransaction(account, "refund-1")).resolves.toMatchObject({
        outcome: "other",
        refunded: true,
      });
      await expect(fortis.getTransaction(account, "void-1")).resolves.toMatchObject({
        outcome: "other",
        refunded: true,
      });
    });

    it("returns null for an id Fortis does not know (a forged id)", async () => {
      route("GET", "/v1/transactions/forged", {
        status: 404,
        body: { type: "Error", title: "Not Found", detail: "Transaction not found" },
      });
      await expect(provider().getTransaction(account, "forged")).resolves.toBeNull();
      expectRequest(only(), { method: "GET", path: "/v1/transactions/forged" });
    });

    it("URL-encodes the id and never lets it leave its path segment", async () => {
      route("GET", "/v1/transactions/..%2Frecurrings%3Fx%3D1%23%20%C3%A9", {
        status: 404,
        body: { type: "Error", detail: "Not found" },
      });
      const fortis = provider();
      await expect(fortis.getTransaction(account, "../recurrings?x=1# é")).resolves.toBeNull();
      expect(only().url).toBe("/v1/transactions/..%2Frecurrings%3Fx%3D1%23%20%C3%A9");

      // Dot segments would be resolved by URL parsing, so they are not sent at all.
      await expect(fortis.getTransaction(account, "..")).resolves.toBeNull();
      await expect(fortis.getTransaction(account, "")).resolves.toBeNull();
      expect(requests).toHaveLength(1);
    });

    it("refuses a success response that is not a transaction", async () => {
      route("GET", "/v1/transactions/odd", { status: 200, raw: "<html>maintenance</html>" });
      route("GET", "/v1/transactions/empty", { status: 200, body: { type: "Transaction" } });
      const fortis = provider();
      expect((await providerError(fortis.getTransaction(account, "odd"))).status).toBe(200);
      expect((await providerError(fortis.getTransaction(account, "empty"))).status).toBe(200);
    });
  });

  describe("saveCard", () => {
    it("reads the card saved by the sale without calling Fortis", async () => {
      const fortis = provider();
      const base = {
        id: "t1",
        outcome: "approved" as const,
        statusCode: 101,
        amountCents: 100,
        locationId: account.locationId,
        contactId: null,
        reference: null,
        refunded: false,
      };
      await expect(
        fortis.saveCard(account, { ...base, savedCardToken: "tok", cardLabel: "Visa •••• 1111" }),
      ).resolves.toStrictEqual({ token: "tok", label: "Visa •••• 1111" });
      await expect(
        fortis.saveCard(account, { ...base, savedCardToken: null, cardLabel: null }),
      ).resolves.toBeNull();
      expect(requests).toHaveLength(0);
    });
  });

  describe("chargeSavedCard", () => {
    const input = {
      savedCardToken: "11ee5555555555555555eeee",
      amountCents: 4900,
      reference: "renewal-7-2025-06",
      description: "Gold membership renewal",
    };

    it("sends the token sale with our reference and maps the approval", async () => {
      route("POST", "/v1/transactions/cc/sale/token", {
        status: 201,
        body: transaction({
          id: "charge-1",
          transaction_amount: 4900,
          token_id: input.savedCardToken,
          transaction_api_id: input.reference,
          account_type: "amex",
          last_four: "0005",
        }),
      });
      await expect(provider().chargeSavedCard(account, input)).resolves.toMatchObject({
        id: "charge-1",
        outcome: "approved",
        amountCents: 4900,
        reference: input.reference,
        cardLabel: "American Express •••• 0005",
      });
      expectRequest(only(), {
        method: "POST",
        path: "/v1/transactions/cc/sale/token",
        body: {
          transaction_amount: 4900,
          token_id: input.savedCardToken,
          location_id: account.locationId,
          product_transaction_id: account.productTransactionId,
          transaction_api_id: input.reference,
          description: input.description,
        },
      });
    });

    it("returns a decline as a transaction, not an error", async () => {
      route("POST", "/v1/transactions/cc/sale/token", {
        status: 201,
        body: transaction({ id: "charge-2", status_code: 301, verbiage: "DECLINED" }),
      });
      await expect(provider().chargeSavedCard(account, input)).resolves.toMatchObject({
        id: "charge-2",
        outcome: "declined",
        statusCode: 301,
      });
    });

    it("cuts the description to Fortis' 64 characters", async () => {
      route("POST", "/v1/transactions/cc/sale/token", { status: 201, body: transaction({}) });
      await provider().chargeSavedCard(account, { ...input, description: "x".repeat(80) });
      expect(JSON.parse(only().raw).description).toBe("x".repeat(64));
    });

    it("throws a ProviderError with the status on a server error", async () => {
      route("POST", "/v1/transactions/cc/sale/token", {
        status: 500,
        body: { type: "Error", title: "Internal Server Error" },
      });
      const error = await providerError(provider().chargeSavedCard(account, input));
      expect(error.status).toBe(500);
      expect(error.message).toBe("The payment provider refused the request: Internal Server Error");
    });

    it("says which HTTP status came back when Fortis gives no message", async () => {
      route("POST", "/v1/transactions/cc/sale/token", { status: 503 });
      const error = await providerError(provider().chargeSavedCard(account, input));
      expect(error.status).toBe(503);
      expect(error.message).toBe("The payment provider refused the request (HTTP 503).");
    });
  });

  describe("recurring charges", () => {
    const plan = {
      savedCardToken: "11ee5555555555555555eeee",
      amountCents: 1500,
      interval: "monthly" as const,
      startDate: "2025-07-01",
      description: "Silver membership",
    };

    it("schedules a monthly plan", async () => {
      route("POST", "/v1/recurrings", {
        status: 201,
        body: { type: "Recurring", data: { id: "rec-1", status: "active" } },
      });
      await expect(provider().scheduleRecurring(account, plan)).resolves.toStrictEqual({
        id: "rec-1",
      });
      expectRequest(only(), {
        method: "POST",
        path: "/v1/recurrings",
        body: {
          account_vault_id: plan.savedCardToken,
          transaction_amount: 1500,
          interval: 1,
          interval_type: "m",
          start_date: "2025-07-01",
          location_id: account.locationId,
          product_transaction_id: account.productTransactionId,
          description: "Silver membership",
          status: "active",
        },
      });
    });

    it("schedules a yearly plan as every twelve months, description cut to 36", async () => {
      route("POST", "/v1/recurrings", {
        status: 201,
        body: { type: "Recurring", data: { id: "rec-2" } },
      });
      await provider().scheduleRecurring(account, {
        ...plan,
        interval: "yearly",
        description: "A yearly membership with a rather long name",
      });
      const body = JSON.parse(only().raw);
      expect(body).toMatchObject({ interval: 12, interval_type: "m" });
      expect(body.description).toBe("A yearly membership with a rather lo");
    });

    it("cancels a recurring charge", async () => {
      route("DELETE", "/v1/recurrings/rec-1", { status: 204 });
      await expect(provider().cancelRecurring(account, "rec-1")).resolves.toBeUndefined();
      expectRequest(only(), { method: "DELETE", path: "/v1/recurrings/rec-1" });
    });

    it("takes a recurring charge Fortis no longer has as cancelled", async () => {
      route("DELETE", "/v1/recurrings/gone", {
        status: 404,
        body: { type: "Error", detail: "Recurring not found" },
      });
      await expect(provider().cancelRecurring(account, "gone")).resolves.toBeUndefined();
    });

    it("throws when a cancellation fails", async () => {
      route("DELETE", "/v1/recurrings/rec-1", {
        status: 500,
        body: { type: "Error", detail: "Try later" },
      });
      const error = await providerError(provider().cancelRecurring(account, "rec-1"));
      expect(error.status).toBe(500);
      expect(error.message).toContain("Try later");
    });
  });

  describe("refund", () => {
    it("refunds the amount and maps the refund transaction", async () => {
      route("PATCH", "/v1/transactions/11ee4444444444444444dddd/refund", {
        status: 200,
        body: transaction({ id: "refund-9", status_code: 111, transaction_amount: 1200 }),
      });
      await expect(
        provider().refund(account, {
          transactionId: "11ee4444444444444444dddd",
          amountCents: 1200,
        }),
      ).resolves.toMatchObject({
        id: "refund-9",
        outcome: "approved",
        statusCode: 111,
        amountCents: 1200,
        refunded: true,
      });
      expectRequest(only(), {
        method: "PATCH",
        path: "/v1/transactions/11ee4444444444444444dddd/refund",
        body: { transaction_amount: 1200 },
      });
    });

    it("returns a declined refund as declined", async () => {
      route("PATCH", "/v1/transactions/t2/refund", {
        status: 200,
        body: transaction({ id: "refund-10", status_code: 301 }),
      });
      await expect(
        provider().refund(account, { transactionId: "t2", amountCents: 100 }),
      ).resolves.toMatchObject({ outcome: "declined", refunded: false });
    });

    it("passes Fortis' refusal on", async () => {
      route("PATCH", "/v1/transactions/t1/refund", {
        status: 412,
        body: {
          type: "Error",
          title: "Precondition Failed",
          detail: "Transaction is not refundable",
        },
      });
      const error = await providerError(
        provider().refund(account, { transactionId: "t1", amountCents: 100 }),
      );
      expect(error.status).toBe(412);
      expect(error.message).toContain("Transaction is not refundable");
    });
  });

  describe("startOnboarding", () => {
    const request = {
      reference: "shop-3f2a",
      shopName: "Corner Bakery",
      email: "owner@corner.example",
      firstName: "Ada",
      lastName: "Baker",
      phoneNumber: "555-555-1234",
      postbackUrl: "https://tessera.example/api/v1/payments/postback",
      returnUrl: "https://tessera.example/shop/payments",
    };

    it("boards the merchant with the platform's credentials and returns the app link", async () => {
      route("POST", "/v1/onboarding", {
        status: 201,
        body: {
          type: "Onboarding",
          data: { client_app_id: "shop-3f2a", app_link: "https://mpa.example/signup/123" },
        },
      });
      await expect(provider().startOnboarding(request)).resolves.toStrictEqual({
        appLink: "https://mpa.example/signup/123",
      });
      expectRequest(only(), {
        method: "POST",
        path: "/v1/onboarding",
        as: "platform",
        body: {
          client_app_id: "shop-3f2a",
          template_code: "Tmpl42",
          email: "owner@corner.example",
          dba_name: "Corner Bakery",
          app_delivery: "link_full_page",
          primary_principal: {
            first_name: "Ada",
            last_name: "Baker",
            phone_number: "555-555-1234",
          },
          location: { phone_number: "555-555-1234" },
          contact: {
            first_name: "Ada",
            last_name: "Baker",
            email: "owner@corner.example",
            phone_number: "555-555-1234",
          },
        },
      });
    });

    it("leaves out what is not set and cuts names to Fortis' 20 characters", async () => {
      route("POST", "/v1/onboarding", {
        status: 201,
        body: { type: "Onboarding", data: { app_link: "https://mpa.example/signup/124" } },
      });
      await provider({ onboardingTemplateCode: undefined }).startOnboarding({
        ...request,
        firstName: "Maximiliana-Josefina-Theresia",
        phoneNumber: null,
      });
      expectRequest(only(), {
        method: "POST",
        path: "/v1/onboarding",
        as: "platform",
        body: {
          client_app_id: "shop-3f2a",
          email: "owner@corner.example",
          dba_name: "Corner Bakery",
          app_delivery: "link_full_page",
          primary_principal: { first_name: "Maximiliana-Josefina", last_name: "Baker" },
          contact: {
            first_name: "Maximiliana-Josefina",
            last_name: "Baker",
            email: "owner@corner.example",
          },
        },
      });
    });

    it("never echoes the platform key in an error", async () => {
      route("POST", "/v1/onboarding", {
        status: 401,
        body: { type: "Error", message: `Bad key ${PLATFORM_KEY}` },
      });
      const error = await providerError(provider().startOnboarding(request));
      expect(error.status).toBe(401);
      expect(error.message).not.toContain(PLATFORM_KEY);
    });
  });

  describe("parsePostback", () => {
    const fortis = () => provider();

    it("reads Fortis' onboarding approval, picking the card product", () => {
      const event = fortis().parsePostback({
        type: "Onboarding",
        stage: "sandbox",
        data: {
          client_app_id: "shop-3f2a",
          location_id: account.locationId,
          users: [{ user_id: account.userId, user_api_key: account.apiKey, email: "o@x.example" }],
          product_transactions: [
            { id: "11ee7777777777777777ach0", payment_method: "ach" },
            { id: account.productTransactionId, payment_method: "cc" },
          ],
        },
      });
      expect(event).toStrictEqual({ kind: "onboarding", reference: "shop-3f2a", account });
    });

    it("reads a flat onboarding approval with the location list", () => {
      const event = fortis().parsePostback({
        client_app_id: "shop-3f2a",
        user_id: account.userId,
        user_api_key: account.apiKey,
        locations: [{ id: account.locationId, name: "Corner Bakery" }],
        product_transactions: [{ id: account.productTransactionId }],
      });
      expect(event).toStrictEqual({ kind: "onboarding", reference: "shop-3f2a", account });
    });

    it("reads the card product from the location, and a JSON string body", () => {
      const event = fortis().parsePostback(
        JSON.stringify({
          data: {
            client_app_id: "shop-3f2a",
            users: [{ user_id: account.userId, user_api_key: account.apiKey }],
            locations: [
              {
                id: account.locationId,
                product_transactions: [{ id: account.productTransactionId, payment_method: "cc" }],
              },
            ],
          },
        }),
      );
      expect(event).toStrictEqual({ kind: "onboarding", reference: "shop-3f2a", account });
    });

    it("ignores onboarding postbacks that are not an approval with credentials", () => {
      const pended = fortis().parsePostback({
        client_app_id: "shop-3f2a",
        status: { response_code: "pended" },
      });
      expect(pended).toMatchObject({ kind: "ignored" });
      const achOnly = fortis().parsePostback({
        client_app_id: "shop-3f2a",
        user_id: account.userId,
        user_api_key: account.apiKey,
        location_id: account.locationId,
        product_transactions: [{ id: "ach-1", payment_method: "ach" }],
      });
      expect(achOnly).toMatchObject({ kind: "ignored" });
    });

    it("reads a transaction postback, bare or under data, and trusts nothing else in it", () => {
      expect(
        fortis().parsePostback({
          type: "Transaction",
          data: { id: "t-1", location_id: account.locationId, status_code: 101 },
        }),
      ).toStrictEqual({
        kind: "transaction",
        transactionId: "t-1",
        locationId: account.locationId,
      });
      expect(fortis().parsePostback({ id: "t-2", transaction_amount: 1 })).toStrictEqual({
        kind: "transaction",
        transactionId: "t-2",
        locationId: null,
      });
    });

    it("ignores anything else", () => {
      for (const body of [
        null,
        undefined,
        "not json",
        42,
        [],
        {},
        { data: {} },
        { type: "Recurring", data: { id: "rec-1" } },
      ]) {
        expect(fortis().parsePostback(body)).toMatchObject({ kind: "ignored" });
      }
    });
  });

  describe("when Fortis cannot be reached", () => {
    it("says so readably when nothing listens", async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));

      const error = await providerError(
        provider({ apiUrl: `http://127.0.0.1:${port}` }).getTransaction(account, "t1"),
      );
      expect(error.message).toBe(UNREACHABLE_MESSAGE);
      expect(error.message).toBe("The payment provider could not be reached. Please try again.");
      expect(error.status).toBeNull();
    });

    it("gives up after the timeout", async () => {
      route("GET", "/v1/transactions/slow", "hang");
      const started = Date.now();
      const error = await providerError(
        provider({ timeoutMs: 100 }).getTransaction(account, "slow"),
      );
      expect(error.message).toBe(UNREACHABLE_MESSAGE);
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it("uses the injected fetch", async () => {
      const seen: string[] = [];
      const fake: typeof fetch = async (input, init) => {
        seen.push(`${init?.method} ${String(input)}`);
        return new Response(JSON.stringify(transaction({ id: "t9" })), { status: 200 });
      };
      await expect(
        provider({ fetch: fake, apiUrl: "https://api.sandbox.fortis.tech" }).getTransaction(
          account,
          "t9",
        ),
      ).resolves.toMatchObject({ id: "t9" });
      expect(seen).toStrictEqual(["GET https://api.sandbox.fortis.tech/v1/transactions/t9"]);
    });
  });
});
