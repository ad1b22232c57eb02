import { STORE_MESSAGES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createCustomer, createMerchant, loginAs, uniqueEmail } from "../../test/factories";

let t: TestApp;
let shopId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "1000" } });
  const { shop } = await createMerchant(t.database.db);
  if (!shop) throw new Error("no shop");
  shopId = shop.id;
});
afterAll(() => t.close());

const stored = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]?.locale;

describe("a customer's language", () => {
  it("is the page's language at sign-up (Accept-Language), and none without one of ours", async () => {
    const signUp = (email: string, language?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/customer/auth/sign-up",
        headers: language ? { "accept-language": language } : {},
        payload: {
          shopId,
          email,
          firstName: "Lucia",
          lastName: "Garcia",
          password: "Secret@123",
          confirmPassword: "Secret@123",
        },
      });
    const spanish = await signUp(uniqueEmail("es"), "es-MX,es;q=0.9,en;q=0.5");
    expect(spanish.statusCode, spanish.body).toBe(201);
    expect(await stored(spanish.json().customer.id)).toBe("es");
    const unknown = await signUp(uniqueEmail("ja"), "ja");
    expect(unknown.statusCode).toBe(201);
    expect(await stored(unknown.json().customer.id)).toBeNull();
  });

  it("is set by the customer for themselves only, from the list", async () => {
    const { customer, email, password } = await createCustomer(t.database.db, shopId);
    const { authorization } = await loginAs(t.app, { email, password }, shopId);
    const put = (id: number, locale: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/customer/profile/language/${id}`,
        headers: { authorization },
        payload: { locale },
      });
    const ok = await put(customer.id, "pt-BR");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ locale: "pt-BR" });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/customer/auth/me",
      headers: { authorization },
    });
    expect(me.json().customer.locale).toBe("pt-BR");

    const bad = await put(customer.id, "klingon");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(STORE_MESSAGES.localeInvalid);
    const other = await createCustomer(t.database.db, shopId);
    expect((await put(other.customer.id, "de")).statusCode).toBe(404);
    expect(await stored(other.customer.id)).toBeNull();
    expect(await stored(customer.id)).toBe("pt-BR");
  });
});
