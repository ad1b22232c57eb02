import { INTEGRATION_MESSAGES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, customers } from "../../../db/schema";
import { createCustomer, createMerchant, createStaff, loginAs } from "../../../test/factories";
import { appForFile } from "../../../test/file-app";

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Headers,
  payload?: object,
) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function ownerShop() {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const { authorization } = await loginAs(t.app, merchant);
  return { ...merchant, shopId, headers: { authorization } };
}

async function createKey(headers: Headers, scope: "read_only" | "read_write", name = "POS") {
  const res = await call("POST", "/api/v1/integrations/api-keys", headers, { name, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: { id: number; prefix: string }; token: string; message: string };
}

describe("API keys", () => {
  it("are created by the owner, shown once, stored hashed and listed without the key", async () => {
    const owner = await ownerShop();
    const created = await createKey(owner.headers, "read_only", "Website");
    expect(created.token).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    expect(created.message).toBe(INTEGRATION_MESSAGES.keyCreated);
    expect(created.key.prefix).toBe(`${created.token.slice(0, 12)}…`);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(12));

    const list = await call("GET", "/api/v1/integrations/api-keys", owner.headers);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(12));
    expect(list.json().keys).toMatchObject([
      { id: created.key.id, name: "Website", scope: "read_only" },
    ]);
  });

  it("refuses staff, and bad input with the field's message", async () => {
    const owner = await ownerShop();
    const staff = await createStaff(t.database.db, owner.shopId);
    const staffHeaders = { authorization: (await loginAs(t.app, staff)).authorization };
    const asStaff = await call("POST", "/api/v1/integrations/api-keys", staffHeaders, {
      name: "Mine",
      scope: "read_write",
    });
    expect(asStaff.statusCode).toBe(403);
    const bad = await call("POST", "/api/v1/integrations/api-keys", owner.headers, {
      name: " ",
      scope: "admin",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(INTEGRATION_MESSAGES.keyNameRequired);
    expect(bad.body).toContain(INTEGRATION_MESSAGES.keyScopeInvalid);
    const rows = await t.database.db.select().from(apiKeys).where(eq(apiKeys.shopId, owner.shopId));
    expect(rows).toEqual([]);
  });

  it("act for their own shop only: reads, writes by scope, another shop's ids are 404", async () => {
    const owner = await ownerShop();
    const other = await ownerShop();
    const mine = await createCustomer(t.database.db, owner.shopId);
    const theirs = await createCustomer(t.database.db, other.shopId);
    const reader = bearer((await createKey(owner.headers, "read_only")).token);
    const writer = bearer((await createKey(owner.headers, "read_write")).token);

    const list = await call("GET", "/api/v1/member/get-all-members", reader);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(mine.email);
    expect(list.body).not.toContain(theirs.email);

    const own = await call("GET", `/api/v1/member/get-single-member/${mine.customer.id}`, reader);
    expect(own.statusCode).toBe(200);
    const foreign = await call(
      "GET",
      `/api/v1/member/get-single-member/${theirs.customer.id}`,
      writer,
    );
    expect(foreign.statusCode).toBe(404);

    const status = `/api/v1/member/update-member-status/${mine.customer.id}`;
    const refused = await call("PUT", status, reader, { status: "disabled" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(INTEGRATION_MESSAGES.keyReadOnly);
    const allowed = await call("PUT", status, writer, { status: "disabled" });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const [changed] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, mine.customer.id));
    expect(changed?.isDisabled).toBe(true);
  });

  it("never reach sign-in, staff or key management, whatever their scope", async () => {
    const owner = await ownerShop();
    const writer = bearer((await createKey(owner.headers, "read_write")).token);
    for (const [method, url, payload] of [
      ["POST", "/api/v1/integrations/api-keys", { name: "Spawn", scope: "read_write" }],
      ["GET", "/api/v1/integrations/api-keys", undefined],
      ["GET", "/api/v1/user/get-user", undefined],
      ["GET", "/api/v1/employees/get-employees-by-merchant-id", undefined],
      ["PUT", "/api/v1/auth/update-password", { currentPassword: "x", newPassword: "Abcdef@123" }],
    ] as const) {
      const res = await call(method, url, writer, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(INTEGRATION_MESSAGES.keyNotForAccounts);
    }
    const rows = await t.database.db.select().from(apiKeys).where(eq(apiKeys.shopId, owner.shopId));
    expect(rows).toHaveLength(1);
  });

  it("answer 401 once revoked; another shop cannot revoke them; last use is recorded", async () => {
    const owner = await ownerShop();
    const other = await ownerShop();
    const created = await createKey(owner.headers, "read_only");
    const key = bearer(created.token);
    expect((await call("GET", "/api/v1/member/get-all-members", key)).statusCode).toBe(200);
    const [used] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);

    const url = `/api/v1/integrations/api-keys/${created.key.id}`;
    const foreign = await call("DELETE", url, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect((await call("GET", "/api/v1/member/get-all-members", key)).statusCode).toBe(200);

    const revoked = await call("DELETE", url, owner.headers);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe(INTEGRATION_MESSAGES.keyRevoked);
    expect((await call("GET", "/api/v1/member/get-all-members", key)).statusCode).toBe(401);
    expect((await call("DELETE", url, owner.headers)).statusCode).toBe(404);
    const list = await call("GET", "/api/v1/integrations/api-keys", owner.headers);
    expect(list.json().keys).toEqual([]);
    // A made-up key with the right prefix is just as unknown.
    const forged = bearer(`tsk_${"A".repeat(43)}`);
    expect((await call("GET", "/api/v1/member/get-all-members", forged)).statusCode).toBe(401);
  });

  it("are described in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    const members = doc.paths["/api/v1/member/get-all-members"].get.security;
    expect(members).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    const keys = doc.paths["/api/v1/integrations/api-keys"].post.security;
    expect(keys).toEqual([{ bearerAuth: [] }]);
    const customer = doc.paths["/api/v1/customer/auth/me"].get.security;
    expect(customer).toEqual([{ bearerAuth: [] }]);
  });
});
