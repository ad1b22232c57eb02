import { COMMON_MESSAGES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customers, shops } from "../db/schema";
import { MALFORMED_MULTIPART_MESSAGE } from "../infra/images/multipart";
import { createMerchant, loginAs, PASSWORD, uniqueEmail } from "../test/factories";
import { appForFile, callerFor, customerSignUp } from "../test/file-app";
import { multipart, sendMultipart } from "../test/multipart";
import { findControlCharacters } from "./input";

describe("findControlCharacters", () => {
  it("names the first field holding a control character, line breaks allowed", () => {
    expect(findControlCharacters({ a: "ok\nline", b: ["x", { c: "bad\u0000" }] })).toBe("b.1.c");
    expect(findControlCharacters({ a: "tab\there" })).toBeNull();
    expect(findControlCharacters("esc\u001b[31m")).toBe("_");
    expect(findControlCharacters({ "key\u0000": 1 })).toBe("key\u0000");
    expect(findControlCharacters(Buffer.from([0, 1, 2]))).toBeNull();
  });
});

describe("control characters and malformed bodies (never a 500)", () => {
  const t = appForFile();
  const call = callerFor(t);
  let shopId: number;
  let owner: { authorization: string };

  beforeAll(async () => {
    const merchant = await createMerchant(t.database.db);
    shopId = merchant.shop?.id as number;
    owner = await loginAs(t.app, merchant);
  });

  /** The shop's name as stored: a refused request must leave it as it was. */
  const storedShopName = async () => {
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, shopId));
    return shop?.name;
  };

  const refusedField = (body: { message: string; errors?: Record<string, string> }) => {
    expect(body.message).toBe(COMMON_MESSAGES.controlCharacters);
    return Object.keys(body.errors ?? {});
  };

  it("refuses a NUL byte in a query, a path and a JSON body with a 400 naming the field", async () => {
    const search = await call("GET", "/api/v1/member/get-all-members?search=a%00b", owner);
    expect(search.statusCode, search.body).toBe(400);
    expect(refusedField(search.json())).toEqual(["search"]);

    const token = await call("GET", "/api/v1/sandbox/checkout?token=%00");
    expect(token.statusCode).toBe(400);

    const path = await call(
      "POST",
      `/api/v1/customer/auth/forgot-password/a%00b@example.com/${shopId}`,
    );
    expect(path.statusCode).toBe(400);
    expect(refusedField(path.json())).toEqual(["email"]);

    const body = await call("POST", "/api/v1/customer/auth/sign-in", undefined, {
      email: "x@example.com\u0000",
      password: PASSWORD,
      shopId,
    });
    expect(body.statusCode).toBe(400);
    expect(refusedField(body.json())).toEqual(["email"]);
  });

  it("refuses a line break in a name (it was stored) and creates nothing", async () => {
    const email = uniqueEmail("eve");
    const res = await customerSignUp(t, shopId, {
      firstName: "Eve\r\nInjected",
      lastName: "Lee",
      email,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toMatchObject({ firstName: COMMON_MESSAGES.controlCharacters });
    const stored = await t.database.db.select().from(customers).where(eq(customers.email, email));
    expect(stored).toEqual([]);
  });

  it("refuses control characters in multipart text fields and changes nothing", async () => {
    const res = await sendMultipart(
      t.app,
      { method: "PUT", url: "/api/v1/shop/update-shop", headers: owner },
      { name: "Bean\u0000Bar", industry: "Retail" },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toMatchObject({ name: COMMON_MESSAGES.controlCharacters });
    expect(await storedShopName()).toBe("Test Shop");
  });

  it("answers 400 for a multipart body without a boundary or cut off before its end", async () => {
    const noBoundary = await t.app.inject({
      method: "PUT",
      url: "/api/v1/shop/update-shop",
      headers: { "content-type": "multipart/form-data", ...owner },
      payload: "name=Bean",
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);

    const form = await multipart({ name: "Bean Bar", industry: "Retail" });
    const cut = form.payload.subarray(0, form.payload.length - 30);
    const truncated = await t.app.inject({
      method: "PUT",
      url: "/api/v1/shop/update-shop",
      headers: { ...form.headers, ...owner },
      payload: cut,
    });
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json().message).toBe(MALFORMED_MULTIPART_MESSAGE);
    expect(await storedShopName()).toBe("Test Shop");
  });

  it("refuses ids, amounts and pages beyond the database's integers (the fuzzer found 500s)", async () => {
    const refund = await call("POST", "/api/v1/transactions/refund/2147483648", owner);
    expect(refund.statusCode, refund.body).toBe(400);
    const payout = await call(
      "POST",
      "/api/v1/merchant-redemptions/create-cashback-redemption?customerId=1&price=1330915618",
      owner,
    );
    expect(payout.statusCode, payout.body).toBe(400);
    const page = await call("GET", "/api/v1/member/get-all-members?page=1e300", owner);
    expect(page.statusCode, page.body).toBe(400);
  });
});
