import { ACCESS_MESSAGES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { accountTokens, sessions, users } from "../../db/schema";
import { createTestApp } from "../../test/app";
import {
  createCustomer,
  createMerchant,
  createStaff,
  findUserByEmail,
  loginAs,
  PASSWORD,
  uniqueEmail,
} from "../../test/factories";
import { appWithMailboxForFile, sendAs, signedInOwner } from "../../test/file-app";

const { t, smtp } = appWithMailboxForFile();

const signUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/sign-up", payload });

const merchantSignIn = (payload: { email: string; password: string }) =>
  t.app.inject({ method: "POST", url: "/api/v1/auth/sign-in", payload });

const newMerchant = (email = uniqueEmail("new")) => ({
  firstName: "Mara",
  lastName: "O'Neil",
  email,
  password: PASSWORD,
});

/** The signed-in merchant call every session check in this file asks. */
function getUser(authorization: string) {
  return t.app.inject({ method: "GET", url: "/api/v1/user/get-user", headers: { authorization } });
}

describe("merchant sign-up and e-mail verification", () => {
  it("creates an account, signs it in, and e-mails a verification link that works once", async () => {
    const email = uniqueEmail("Signup").toUpperCase();
    const res = await signUp({ ...newMerchant(), email: `  ${email} ` });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe("Account created successfully!");
    expect(body.user).toMatchObject({
      email: email.toLowerCase(),
      firstName: "Mara",
      emailVerified: false,
      role: "owner",
      shopId: null,
    });
    expect(body.user).not.toHaveProperty("passwordHash");

    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/get-user",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email.toLowerCase());

    const mail = await smtp.waitFor(email, /verify/i);
    const link = smtp.linkIn(mail, "/api/v1/auth/verify-email");
    expect(link.origin).toBe("http://shop.test");
    expect(mail.html).toContain("/api/v1/auth/verify-email");

    const verify = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe("/email-verified");
    const user = await findUserByEmail(t.database.db, email.toLowerCase());
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);

    // Opened again (a mail scanner may open it first): the account is verified, so success.
    const again = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe("/email-verified");
  });

  it("refuses a forged verification link", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/verify-email?token=forged&email=a%40b.co",
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain("error=");
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const weak = await signUp({ ...newMerchant(), password: "password" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe(
      "Password must be 8+ characters, include uppercase, lowercase, number, and symbol",
    );
    const badEmail = await signUp({ ...newMerchant(), email: "not-an-email" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors.email).toBe("Enter a valid email");
    const badName = await signUp({ ...newMerchant(), firstName: "R2D2" });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errors.firstName).toBe("Use letters only");
    const missing = await signUp({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      firstName: "Enter first name",
      lastName: "Enter last name",
      email: "Enter email",
      password: "Enter password",
    });
  });

  it("refuses a duplicate e-mail, whatever its case, with 409", async () => {
    const email = uniqueEmail("dup");
    expect((await signUp(newMerchant(email))).statusCode).toBe(201);
    const dup = await signUp(newMerchant(email.toUpperCase()));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ errors: { email: ACCESS_MESSAGES.emailTaken } });
  });

  it("resends the verification link, and answers the same for unknown addresses", async () => {
    const email = uniqueEmail("resend");
    await signUp(newMerchant(email));
    const before = smtp.messages.filter((m) => m.to.includes(email)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/resend-verify-email",
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes(email)).length)
      .toBe(before + 1);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/resend-verify-email",
      payload: { email: uniqueEmail("nobody") },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
  });
});

describe("merchant sign-in, sessions and logout", () => {
  it("signs in with the right password and says where the shop is", async () => {
    const m = await createMerchant(t.database.db);
    const res = await merchantSignIn({ email: m.email.toUpperCase(), password: m.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: m.email, shopId: m.shop?.id, role: "owner" });
    // Only a hash of the token is stored.
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, m.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(res.json().token);
  });

  it("answers a wrong password or unknown e-mail with 401 on the password field", async () => {
    const m = await createMerchant(t.database.db);
    for (const payload of [
      { email: m.email, password: "Wrong@1234" },
      { email: uniqueEmail("ghost"), password: PASSWORD },
    ]) {
      const res = await merchantSignIn(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: ACCESS_MESSAGES.invalidCredentials,
        errors: { password: ACCESS_MESSAGES.invalidCredentials },
      });
    }
  });

  it("refuses disabled staff and ends their sessions at once", async () => {
    const m = await createMerchant(t.database.db);
    const staff = await createStaff(t.database.db, m.shop?.id as number);
    const { authorization } = await loginAs(t.app, staff);
    await t.database.db
      .update(users)
      .set({ status: "disabled" })
      .where(eq(users.id, staff.user.id));
    const me = await getUser(authorization);
    expect(me.statusCode).toBe(401);
    const login = await merchantSignIn({ email: staff.email, password: staff.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(ACCESS_MESSAGES.accountDisabled);
  });

  it("logs out: the token stops working", async () => {
    const { authorization } = await signedInOwner(t);
    const out = await sendAs(t, "POST", "/api/v1/auth/logout", { authorization });
    expect(out.statusCode).toBe(200);
    const me = await getUser(authorization);
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe("Invalid or expired token. Please login again.");
  });

  it("answers 401 without a token and for a forged one", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/v1/user/get-user" });
    expect(none.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/get-user",
      headers: { authorization: "Bearer forged-token" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("expires sessions after their lifetime", async () => {
    const { user, authorization } = await signedInOwner(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const me = await getUser(authorization);
    expect(me.statusCode).toBe(401);
  });
});

describe("forgot and reset password", () => {
  const forgotPassword = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/auth/forgot-password", payload: { email } });
  const resetPassword = (token: string | null, email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/auth/reset-password",
      payload: { token, email, password },
    });
  /** The reset link e-mailed to a merchant who asked for one. */
  async function resetLinkOf(email: string) {
    await forgotPassword(email);
    return smtp.linkIn(await smtp.waitFor(email, /password/i), "/pass/reset-password");
  }
  const expectInvalidToken = (res: { statusCode: number; json(): { message: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid or expired token.");
  };

  it("e-mails a single-use reset link; the new password works and other sessions end", async () => {
    const m = await createMerchant(t.database.db);
    const { authorization: oldSession } = await loginAs(t.app, m);
    const res = await forgotPassword(m.email);
    expect(res.json()).toEqual({ message: "Reset Password link has been sent to your email" });

    const mail = await smtp.waitFor(m.email, /password/i);
    const link = smtp.linkIn(mail, "/pass/reset-password");
    const token = link.searchParams.get("token") as string;
    expect(link.searchParams.get("email")).toBe(m.email);

    const check = await t.app.inject({
      method: "GET",
      url: `/api/v1/auth/verify-token?token=${token}&email=${encodeURIComponent(m.email)}`,
    });
    expect(check.statusCode).toBe(200);
    const wrongEmail = await t.app.inject({
      method: "GET",
      url: `/api/v1/auth/verify-token?token=${token}&email=other%40example.com`,
    });
    expect(wrongEmail.statusCode).toBe(400);

    const reset = await resetPassword(token, m.email, "Fresh@5678");
    expect(reset.statusCode).toBe(200);

    const oldLogin = await merchantSignIn({ email: m.email, password: m.password });
    expect(oldLogin.statusCode).toBe(401);
    await loginAs(t.app, { email: m.email, password: "Fresh@5678" });
    const stale = await getUser(oldSession);
    expect(stale.statusCode).toBe(401);

    expectInvalidToken(await resetPassword(token, m.email, "Again@5678"));
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const res = await forgotPassword(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Reset Password link has been sent to your email" });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.some((msg) => msg.to.includes(email))).toBe(false);
  });

  it("refuses expired and forged reset tokens", async () => {
    const m = await createMerchant(t.database.db);
    const link = await resetLinkOf(m.email);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, m.user.id));
    for (const token of [link.searchParams.get("token"), "forged"]) {
      expectInvalidToken(await resetPassword(token, m.email, "Fresh@5678"));
    }
  });

  it("spends a reset token only once under concurrent use", async () => {
    const m = await createMerchant(t.database.db);
    const token = (await resetLinkOf(m.email)).searchParams.get("token");
    const results = await Promise.all(
      ["First@5678", "Other@5678"].map((password) => resetPassword(token, m.email, password)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe("update password", () => {
  it("needs the right current password, a different new one, and keeps only this session", async () => {
    const m = await createMerchant(t.database.db);
    const { authorization } = await loginAs(t.app, m);
    const { authorization: other } = await loginAs(t.app, m);
    const put = (payload: Record<string, string>) =>
      t.app.inject({
        method: "PUT",
        url: "/api/v1/auth/update-password",
        headers: { authorization },
        payload,
      });

    const wrong = await put({ currentPassword: "Wrong@1234", newPassword: "Fresh@5678" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: "Invalid current password.",
      errors: { currentPassword: "Invalid current password." },
    });
    const same = await put({ currentPassword: m.password, newPassword: m.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.newPassword).toBe(
      "New Password cannot be the same as current password.",
    );
    const ok = await put({ currentPassword: m.password, newPassword: "Fresh@5678" });
    expect(ok.statusCode).toBe(200);

    const mine = await getUser(authorization);
    expect(mine.statusCode).toBe(200);
    const theirs = await getUser(other);
    expect(theirs.statusCode).toBe(401);
  });
});

describe("staff invitation", () => {
  it("sets a first password from the invitation, once, and activates the member", async () => {
    const m = await createMerchant(t.database.db);
    const staff = await createStaff(t.database.db, m.shop?.id as number, {
      status: "inactive",
      password: null,
    });
    await t.auth.sendStaffInvitation(staff.user, m.shop as NonNullable<typeof m.shop>);
    const link = smtp.linkIn(await smtp.waitFor(staff.email), "/employee/set-password");
    const token = link.searchParams.get("token");

    const mismatch = await t.app.inject({
      method: "POST",
      url: "/api/v1/employees/set-password",
      payload: { token, password: "Staff@1234", confirmPassword: "Staff@9999" },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toBe("Passwords do not match.");

    const ok = await t.app.inject({
      method: "POST",
      url: "/api/v1/employees/set-password",
      payload: { token, password: "Staff@1234", confirmPassword: "Staff@1234" },
    });
    expect(ok.statusCode).toBe(200);
    const { token: session } = await loginAs(t.app, { email: staff.email, password: "Staff@1234" });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/get-user",
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.json().user).toMatchObject({
      role: "staff",
      shopId: m.shop?.id,
      emailVerified: true,
    });
    expect((await findUserByEmail(t.database.db, staff.email))?.status).toBe("active");

    const reused = await t.app.inject({
      method: "POST",
      url: "/api/v1/employees/set-password",
      payload: { token, password: "Staff@5678", confirmPassword: "Staff@5678" },
    });
    expect(reused.statusCode).toBe(400);
  });
});

describe("customers of a shop", () => {
  let shopId: number;
  let otherShopId: number;
  beforeEach(async () => {
    shopId = (await createMerchant(t.database.db)).shop?.id as number;
    otherShopId = (await createMerchant(t.database.db)).shop?.id as number;
  });

  const customerSignUp = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/v1/customer/auth/sign-up", payload });

  it("signs up per shop: the same e-mail may join two shops, not one twice", async () => {
    const email = uniqueEmail("member");
    const payload = { firstName: "Ana", lastName: "Lee", email, password: PASSWORD };
    const first = await customerSignUp({ ...payload, shopId });
    expect(first.statusCode).toBe(201);
    expect(first.json().customer).toMatchObject({ email, shopId, emailVerified: false });
    const link = smtp.linkIn(await smtp.waitFor(email, /verify/i), "/api/v1/auth/verify-email");
    expect((await customerSignUp({ ...payload, shopId: otherShopId })).statusCode).toBe(201);
    const dup = await customerSignUp({ ...payload, shopId });
    expect(dup.statusCode).toBe(409);

    const verify = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(verify.headers.location).toMatch(new RegExp(`^/${shopId}/login`));
  });

  it("uses the customer wording for bad input and 404 for an unknown shop", async () => {
    const bad = await customerSignUp({
      shopId,
      firstName: "",
      lastName: "Lee",
      email: "x",
      password: "x",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      firstName: "First Name is required.",
      email: "Please enter a valid email address.",
    });
    const unknown = await customerSignUp({
      shopId: 999999,
      firstName: "Ana",
      lastName: "Lee",
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Store Not Found");
  });

  it("signs in a customer only at their own shop", async () => {
    const c = await createCustomer(t.database.db, shopId);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in",
      payload: { email: c.email, password: c.password, shopId },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customer).toMatchObject({ id: c.customer.id, shopId });
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in",
      payload: { email: c.email, password: c.password, shopId: otherShopId },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it("returns merchant for the shop's owner or staff, and not for another shop's", async () => {
    const owner = await createMerchant(t.database.db);
    const ownShop = owner.shop?.id as number;
    const staff = await createStaff(t.database.db, ownShop);
    for (const who of [owner, staff]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/customer/auth/sign-in",
        payload: { email: who.email, password: who.password, shopId: ownShop },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().merchant).toMatchObject({ email: who.email, shopId: ownShop });
      expect(res.json()).not.toHaveProperty("customer");
    }
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in",
      payload: { email: owner.email, password: owner.password, shopId },
    });
    expect(foreign.statusCode).toBe(401);
  });

  it("refuses a disabled customer with a clear message", async () => {
    const c = await createCustomer(t.database.db, shopId, { disabled: true });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/sign-in",
      payload: { email: c.email, password: c.password, shopId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCESS_MESSAGES.accountDisabled);
  });

  it("refuses a sign-in in the language of the page that asked, English exactly", async () => {
    const c = await createCustomer(t.database.db, shopId);
    const disabled = await createCustomer(t.database.db, shopId, { disabled: true });
    const signIn = (payload: object, language: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/customer/auth/sign-in",
        headers: { "accept-language": language },
        payload: { ...payload, shopId },
      });
    const wrong = await signIn({ email: c.email, password: `${c.password}9` }, "es");
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(wrong.json().message).toBe("Correo electrónico o contraseña incorrectos");
    expect(wrong.json().errors).toEqual({
      password: "Correo electrónico o contraseña incorrectos",
    });
    const off = await signIn({ email: disabled.email, password: disabled.password }, "de-DE");
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toMatch(/^Ihr Konto wurde deaktiviert/);
    const english = await signIn({ email: c.email, password: `${c.password}9` }, "en");
    expect(english.json().message).toBe(ACCESS_MESSAGES.invalidCredentials);
    const ok = await signIn({ email: c.email, password: c.password }, "fr");
    expect(ok.statusCode).toBe(200);
  });

  it("resets a customer's password through the shop's own page", async () => {
    const c = await createCustomer(t.database.db, shopId);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/customer/auth/forgot-password/${encodeURIComponent(c.email)}/${shopId}`,
    });
    expect(res.json().message).toBe("Reset Password link has been sent to your email");
    const link = smtp.linkIn(
      await smtp.waitFor(c.email, /password/i),
      `/${shopId}/pass/reset-password`,
    );
    const token = link.searchParams.get("token") as string;
    const check = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/auth/verify-pass-token?token=${token}&email=${encodeURIComponent(c.email)}`,
    });
    expect(check.statusCode).toBe(200);
    const mismatch = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/reset-password",
      payload: { token, email: c.email, password: "Fresh@5678", confirmPassword: "Other@5678" },
    });
    expect(mismatch.statusCode).toBe(400);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v1/customer/auth/reset-password",
      payload: { token, email: c.email, password: "Fresh@5678", confirmPassword: "Fresh@5678" },
    });
    expect(reset.statusCode).toBe(200);
    await loginAs(t.app, { email: c.email, password: "Fresh@5678" }, shopId);
  });

  it("keeps a customer's token out of the merchant calls", async () => {
    const c = await createCustomer(t.database.db, shopId);
    const { authorization } = await loginAs(t.app, c, shopId);
    const res = await getUser(authorization);
    expect(res.statusCode).toBe(403);
  });
});

describe("rate limits", () => {
  it("answers 429 with a readable message after too many attempts for one e-mail", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "3" } });
    try {
      const email = uniqueEmail("hammer");
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/v1/auth/sign-in",
          payload: { email, password: "Wrong@1234" },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(ACCESS_MESSAGES.tooManyRequests);
    } finally {
      await limited.close();
    }
  });
});
