import { ACCESS_MESSAGES, SIGN_IN_CODE_MESSAGES } from "@tessera/shared";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customers, shops, signInCodes } from "../../db/schema";
import { createTestApp } from "../../test/app";
import { createCustomer, createMerchant, uniqueEmail } from "../../test/factories";
import { appWithMailboxForFile } from "../../test/file-app";

const { t, smtp } = appWithMailboxForFile();
let shopId: number;

beforeAll(async () => {
  const { shop } = await createMerchant(t.database.db);
  if (!shop) throw new Error("no shop");
  shopId = shop.id;
});

const request = (email: string, shop = shopId) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/customer/auth/sign-in-code",
    payload: { shopId: shop, email },
  });
const verify = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/customer/auth/sign-in-code/verify",
    payload: { shopId, ...payload },
  });

/** The code and the link's token from the latest code e-mail to `to`. */
async function mailed(to: string) {
  const mail = await smtp.waitFor(to, /is your sign-in code/);
  const code =
    mail.subject
      .match(/^(\d{3}) (\d{3})/)
      ?.slice(1)
      .join("") ?? "";
  const url = (mail.text.match(/https?:\/\/\S+/g) ?? [])
    .map((raw) => new URL(raw))
    .find((u) => u.pathname === `/${shopId}/login/code`);
  smtp.messages.splice(smtp.messages.indexOf(mail), 1);
  return { code, token: url?.searchParams.get("token") ?? "", mail };
}

/** Asks the shop for a code for `email`: the code and the link's token the e-mail brings. */
async function askForCode(email: string) {
  await request(email);
  return mailed(email);
}

const me = (token: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/v1/customer/auth/me",
    headers: { authorization: `Bearer ${token}` },
  });

describe("passwordless sign-in for a shop's customers", () => {
  it("e-mails a code that signs an existing customer in once", async () => {
    const { email } = await createCustomer(t.database.db, shopId);
    const res = await request(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SIGN_IN_CODE_MESSAGES.sent);
    const { code, mail } = await mailed(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain("Test Shop");

    const ok = await verify({ email, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customer).toMatchObject({ email, shopId });
    expect((await me(ok.json().token)).statusCode).toBe(200);

    const again = await verify({ email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SIGN_IN_CODE_MESSAGES.expired);
  });

  it("signs in with the one-click link once, and only in its own shop", async () => {
    const { email } = await createCustomer(t.database.db, shopId);
    const { token } = await askForCode(email);
    const { shop: other } = await createMerchant(t.database.db);
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in-code/verify",
      payload: { shopId: other?.id, token },
    });
    expect(elsewhere.statusCode).toBe(400);
    const ok = await verify({ token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customer.email).toBe(email);
    expect((await verify({ token })).json().message).toBe(SIGN_IN_CODE_MESSAGES.expired);
  });

  it("kills the code at the fifth wrong try, even for the right code afterwards", async () => {
    const { email } = await createCustomer(t.database.db, shopId);
    const { code } = await askForCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const res = await verify({ email, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SIGN_IN_CODE_MESSAGES.wrongCode);
    }
    expect((await verify({ email, code: wrong })).json().message).toBe(
      SIGN_IN_CODE_MESSAGES.tooManyTries,
    );
    const late = await verify({ email, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(SIGN_IN_CODE_MESSAGES.expired);
  });

  it("refuses an expired code, and an older code once a newer one was sent", async () => {
    const { email } = await createCustomer(t.database.db, shopId);
    const first = await askForCode(email);
    const second = await askForCode(email);
    expect((await verify({ email, code: first.code })).statusCode).toBe(400);
    await t.database.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(signInCodes.shopId, shopId), eq(signInCodes.email, email)));
    const expired = await verify({ email, code: second.code });
    expect(expired.json().message).toBe(SIGN_IN_CODE_MESSAGES.expired);
  });

  it("answers an unknown address the same, and creates the account on first use", async () => {
    const email = uniqueEmail("newcomer");
    const res = await request(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SIGN_IN_CODE_MESSAGES.sent });
    const { code } = await mailed(email);

    const asks = await verify({ email, code });
    expect(asks.statusCode).toBe(200);
    expect(asks.json()).toEqual({ needsName: true, email });
    const created = await verify({ email, code, firstName: "Nia", lastName: "Newcomer" });
    expect(created.statusCode).toBe(200);
    expect(created.json().customer).toMatchObject({
      email,
      firstName: "Nia",
      lastName: "Newcomer",
      emailVerified: true,
    });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.email, email));
    expect(row?.passwordHash).toBeNull();
  });

  it("lets a customer who joined by code choose a first password, once", async () => {
    const email = uniqueEmail("firstpw");
    const { code } = await askForCode(email);
    const { token } = (
      await verify({ email, code, firstName: "Pat", lastName: "Passless" })
    ).json();
    const setPassword = (password: string, confirmPassword = password) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/customer/auth/set-password",
        headers: { authorization: `Bearer ${token}` },
        payload: { password, confirmPassword },
      });
    expect((await me(token)).json().customer.hasPassword).toBe(false);

    const mismatch = await setPassword("Secret@123", "Secret@124");
    expect(mismatch.statusCode).toBe(400);
    const set = await setPassword("Secret@123");
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe(SIGN_IN_CODE_MESSAGES.passwordSet);
    expect((await me(token)).json().customer.hasPassword).toBe(true);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in",
      payload: { shopId, email, password: "Secret@123" },
    });
    expect(signIn.statusCode).toBe(200);

    const twice = await setPassword("Other@1234");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SIGN_IN_CODE_MESSAGES.hasPassword);
  });

  it("sends nothing to a new address when the shop does not allow sign-up by code", async () => {
    const { shop } = await createMerchant(t.database.db);
    if (!shop) throw new Error("no shop");
    await t.database.db.update(shops).set({ codeSignUp: false }).where(eq(shops.id, shop.id));
    const email = uniqueEmail("closed");
    const res = await request(email, shop.id);
    expect(res.json()).toEqual({ message: SIGN_IN_CODE_MESSAGES.sent });
    await expect(smtp.waitFor(email, /sign-in code/, 500)).rejects.toThrow();
  });

  it("refuses a disabled member, and sends them no code", async () => {
    const { email } = await createCustomer(t.database.db, shopId, { disabled: true });
    expect((await request(email)).json()).toEqual({ message: SIGN_IN_CODE_MESSAGES.sent });
    await expect(smtp.waitFor(email, /sign-in code/, 500)).rejects.toThrow();

    // Disabled after the code went out: the code does not get them in.
    const { email: later, customer } = await createCustomer(t.database.db, shopId);
    const { code } = await askForCode(later);
    await t.database.db
      .update(customers)
      .set({ isDisabled: true })
      .where(eq(customers.id, customer.id));
    const res = await verify({ email: later, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCESS_MESSAGES.accountDisabled);
  });

  it("checks its input with clear messages", async () => {
    const bad = await verify({ email: "a@b.co", code: "12ab56" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SIGN_IN_CODE_MESSAGES.codeFormat);
    expect((await verify({})).statusCode).toBe(400);
    expect((await request("not-an-email")).statusCode).toBe(400);
    const unknownShop = await request(uniqueEmail("x"), 999_999);
    expect(unknownShop.statusCode).toBe(404);
  });

  it("limits requests per address", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "3" } });
    try {
      const { shop } = await createMerchant(limited.database.db);
      const email = uniqueEmail("limited");
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await limited.app.inject({
              method: "POST",
              url: "/api/v1/customer/auth/sign-in-code",
              payload: { shopId: shop?.id, email },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
