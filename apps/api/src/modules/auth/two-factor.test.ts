import { FRESH_CODE_HEADER, TWO_FACTOR_MESSAGES } from "@tessera/shared";
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, transactions, userTwoFactor } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import {
  connectSandbox,
  createCustomer,
  createMerchant,
  createOffer,
  createStaff,
  PASSWORD,
} from "../../test/factories";

// A clock the test moves (only Date is faked; timers run): each TOTP code works once, so every
// use takes the next 30-second step.
let clockMs = Date.now();
const tick = () => {
  clockMs += 30_000;
  vi.setSystemTime(clockMs);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "1000" } });
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clockMs);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";

function call(
  method: Method,
  url: string,
  options: { auth?: string; body?: unknown; headers?: Record<string, string>; ua?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      "user-agent": options.ua ?? "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/130.0",
      ...(options.auth ? { authorization: options.auth } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(clockMs / 1000) });

async function signIn(email: string, ua?: string) {
  const res = await call("POST", "/api/v1/auth/sign-in", {
    body: { email, password: PASSWORD },
    ...(ua ? { ua } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** An owner signed in, with 2FA enrolled through the API: the secret and the recovery codes. */
async function ownerWithTwoFactor() {
  const merchant = await createMerchant(t.database.db);
  const { token } = await signIn(merchant.email);
  const auth = `Bearer ${token}`;
  const setup = await call("POST", "/api/v1/user/two-factor/start", { auth });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  tick();
  const confirmed = await call("POST", "/api/v1/user/two-factor/confirm", {
    auth,
    body: { code: await codeAt(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return {
    ...merchant,
    shopId: merchant.shop?.id as number,
    auth,
    secret: secret as string,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
  };
}

async function actions(shopId: number, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.shopId, shopId), eq(auditLog.action, action)));
}

describe("TOTP enrolment", () => {
  it("starts with a secret and URI, needs a right first code, then hands out ten recovery codes", async () => {
    const merchant = await createMerchant(t.database.db);
    const auth = `Bearer ${(await signIn(merchant.email)).token}`;
    const off = await call("GET", "/api/v1/user/two-factor", { auth });
    expect(off.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await call("POST", "/api/v1/user/two-factor/start", { auth });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain("issuer=Tessera");
    // The secret is stored sealed, never in the clear.
    const [stored] = await t.database.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, merchant.user.id));
    expect(stored?.secretEncrypted).not.toContain(secret);
    expect(stored?.enabledAt).toBeNull();

    const wrong = await call("POST", "/api/v1/user/two-factor/confirm", {
      auth,
      body: { code: "000000" === (await codeAt(secret)) ? "111111" : "000000" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.wrongEnrolCode);

    const right = await call("POST", "/api/v1/user/two-factor/confirm", {
      auth,
      body: { code: await codeAt(secret) },
    });
    expect(right.statusCode, right.body).toBe(200);
    const { recoveryCodes } = right.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const on = await call("GET", "/api/v1/user/two-factor", { auth });
    expect(on.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const again = await call("POST", "/api/v1/user/two-factor/start", { auth });
    expect(again.statusCode).toBe(409);
    expect(await actions(merchant.shop?.id as number, "auth.two_factor_enabled")).toHaveLength(1);
  });
});

describe("sign-in with 2FA", () => {
  it("answers a challenge instead of a session; the code step signs in, once", async () => {
    const o = await ownerWithTwoFactor();
    const first = await signIn(o.email);
    expect(first.token).toBeUndefined();
    expect(first.twoFactor).toMatchObject({ mode: "verify" });
    const { challenge } = first.twoFactor;

    // The enrolment's own code was spent: the same step cannot sign in.
    const replay = await call("POST", "/api/v1/auth/two-factor/verify", {
      body: { challenge, code: await codeAt(o.secret) },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(TWO_FACTOR_MESSAGES.wrongCode);

    tick();
    const ok = await call("POST", "/api/v1/auth/two-factor/verify", {
      body: { challenge, code: await codeAt(o.secret) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ email: o.email, role: "owner" });
    const me = await call("GET", "/api/v1/user/get-user", { auth: `Bearer ${ok.json().token}` });
    expect(me.statusCode).toBe(200);

    tick();
    const reused = await call("POST", "/api/v1/auth/two-factor/verify", {
      body: { challenge, code: await codeAt(o.secret) },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it("takes a recovery code once; a second use is refused", async () => {
    const o = await ownerWithTwoFactor();
    const code = o.recoveryCodes[3] as string;
    const { twoFactor } = await signIn(o.email);
    const used = await call("POST", "/api/v1/auth/two-factor/verify", {
      body: { challenge: twoFactor.challenge, code: code.toUpperCase() },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().token).toBeTruthy();
    const [record] = await actions(o.shopId, "auth.recovery_code_used");
    expect(record).toMatchObject({ actorId: o.user.id, after: { recoveryCodesLeft: 9 } });

    const again = await signIn(o.email);
    const refused = await call("POST", "/api/v1/auth/two-factor/verify", {
      body: { challenge: again.twoFactor.challenge, code },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
  });

  it("ends the challenge after five wrong codes", async () => {
    const o = await ownerWithTwoFactor();
    const { twoFactor } = await signIn(o.email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call("POST", "/api/v1/auth/two-factor/verify", {
        body: { challenge: twoFactor.challenge, code: "zzzzz-zzzzz" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 401]);
    tick();
    const late = await call("POST", "/api/v1/auth/two-factor/verify", {
      body: { challenge: twoFactor.challenge, code: await codeAt(o.secret) },
    });
    expect(late.statusCode).toBe(401);
    expect(await actions(o.shopId, "auth.sign_in_failed")).toHaveLength(5);
  });

  it("turns off with the password; sign-in then answers a session again", async () => {
    const o = await ownerWithTwoFactor();
    const wrong = await call("POST", "/api/v1/user/two-factor/disable", {
      auth: o.auth,
      body: { password: "Wrong@1234" },
    });
    expect(wrong.statusCode).toBe(400);
    const off = await call("POST", "/api/v1/user/two-factor/disable", {
      auth: o.auth,
      body: { password: PASSWORD },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await signIn(o.email)).token).toBeTruthy();
    expect(await actions(o.shopId, "auth.two_factor_disabled")).toHaveLength(1);
  });
});

describe('the owner\'s "require two-factor sign-in for staff"', () => {
  it("sends staff without 2FA to enrol before they get a session", async () => {
    const merchant = await createMerchant(t.database.db);
    const shopId = merchant.shop?.id as number;
    const ownerAuth = `Bearer ${(await signIn(merchant.email)).token}`;
    const staff = await createStaff(t.database.db, shopId);
    expect((await signIn(staff.email)).token).toBeTruthy();
    const staffAuth = `Bearer ${(await signIn(staff.email)).token}`;
    const notOwner = await call("PUT", "/api/v1/shop/security", {
      auth: staffAuth,
      body: { requireStaffTwoFactor: true },
    });
    expect(notOwner.statusCode).toBe(403);

    const set = await call("PUT", "/api/v1/shop/security", {
      auth: ownerAuth,
      body: { requireStaffTwoFactor: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call("GET", "/api/v1/shop/security", { auth: ownerAuth })).json()).toEqual({
      requireStaffTwoFactor: true,
    });
    // The owner is not bound by the staff rule.
    expect((await signIn(merchant.email)).token).toBeTruthy();

    const pending = await signIn(staff.email);
    expect(pending.token).toBeUndefined();
    expect(pending.twoFactor.mode).toBe("enrol");
    const { challenge } = pending.twoFactor;
    // An enrolment challenge is not a code step.
    const wrongStep = await call("POST", "/api/v1/auth/two-factor/verify", {
      body: { challenge, code: "123456" },
    });
    expect(wrongStep.statusCode).toBe(401);
    const setup = await call("POST", "/api/v1/auth/two-factor/enrol/start", {
      body: { challenge },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    tick();
    const done = await call("POST", "/api/v1/auth/two-factor/enrol/confirm", {
      body: { challenge, code: await codeAt(secret) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    const newAuth = `Bearer ${done.json().token}`;
    const status = await call("GET", "/api/v1/user/two-factor", { auth: newAuth });
    expect(status.json()).toMatchObject({ enabled: true, requiredByShop: true });
    const cannotDisable = await call("POST", "/api/v1/user/two-factor/disable", {
      auth: newAuth,
      body: { password: PASSWORD },
    });
    expect(cannotDisable.statusCode).toBe(403);
    expect(cannotDisable.json().message).toBe(TWO_FACTOR_MESSAGES.requiredByShop);
    // From now on the staff member signs in with a code.
    expect((await signIn(staff.email)).twoFactor.mode).toBe("verify");
    expect(await actions(shopId, "auth.staff_two_factor_policy")).toHaveLength(1);
  });
});

describe("sessions", () => {
  it("lists the account's sessions with device and last seen; revoking one ends its token", async () => {
    const merchant = await createMerchant(t.database.db);
    const shopId = merchant.shop?.id as number;
    const phoneUa =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1";
    const here = `Bearer ${(await signIn(merchant.email)).token}`;
    const phone = `Bearer ${(await signIn(merchant.email, phoneUa)).token}`;
    const listed = await call("GET", "/api/v1/auth/sessions", { auth: here });
    expect(listed.statusCode, listed.body).toBe(200);
    const { sessions } = listed.json();
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s: { current: boolean }) => s.current);
    const other = sessions.find((s: { current: boolean }) => !s.current);
    expect(current.device).toBe("Chrome on macOS");
    expect(other.device).toBe("Safari on iPhone");
    expect(other.ip).toBeTruthy();
    expect(Date.parse(other.lastSeenAt)).not.toBeNaN();

    // Someone else's session is not found, and nothing ends.
    const stranger = await createMerchant(t.database.db);
    const strangerAuth = `Bearer ${(await signIn(stranger.email)).token}`;
    const notYours = await call("DELETE", `/api/v1/auth/sessions/${other.id}`, {
      auth: strangerAuth,
    });
    expect(notYours.statusCode).toBe(404);

    const revoked = await call("DELETE", `/api/v1/auth/sessions/${other.id}`, { auth: here });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await call("GET", "/api/v1/user/get-user", { auth: phone })).statusCode).toBe(401);
    expect((await call("GET", "/api/v1/user/get-user", { auth: here })).statusCode).toBe(200);
    expect(await actions(shopId, "auth.sessions_revoked")).toHaveLength(1);
  });

  it("signs out everywhere else, keeping this session", async () => {
    const merchant = await createMerchant(t.database.db);
    const here = `Bearer ${(await signIn(merchant.email)).token}`;
    const others = [
      `Bearer ${(await signIn(merchant.email)).token}`,
      `Bearer ${(await signIn(merchant.email)).token}`,
    ];
    const res = await call("POST", "/api/v1/auth/sessions/sign-out-others", { auth: here });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signedOut).toBe(2);
    for (const auth of others) {
      expect((await call("GET", "/api/v1/user/get-user", { auth })).statusCode).toBe(401);
    }
    const left = await call("GET", "/api/v1/auth/sessions", { auth: here });
    expect(left.json().sessions).toHaveLength(1);
  });

  it("works for a shop's customers too", async () => {
    const merchant = await createMerchant(t.database.db);
    const shopId = merchant.shop?.id as number;
    const customer = await createCustomer(t.database.db, shopId);
    const signInCustomer = async () => {
      const res = await call("POST", "/api/v1/customer/auth/sign-in", {
        body: { email: customer.email, password: PASSWORD, shopId },
      });
      return `Bearer ${res.json().token}`;
    };
    const here = await signInCustomer();
    const other = await signInCustomer();
    const listed = await call("GET", "/api/v1/auth/sessions", { auth: here });
    expect(listed.json().sessions).toHaveLength(2);
    await call("POST", "/api/v1/auth/sessions/sign-out-others", { auth: here });
    expect((await call("GET", "/api/v1/auth/sessions", { auth: other })).statusCode).toBe(401);
  });
});

describe("a fresh code for money and payment settings", () => {
  it("refuses a refund without a current code and changes nothing; accepts one with it", async () => {
    const o = await ownerWithTwoFactor();
    await connectSandbox(t.app, o.shopId);
    const { customer } = await createCustomer(t.database.db, o.shopId);
    const offer = await createOffer(t.database.db, o.shopId);
    const sold = await call("POST", `/api/v1/member/purchase-offer/${customer.id}`, {
      auth: o.auth,
      body: { offerId: offer.id, paymentType: "Cash", cashbackUsed: 0 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [sale] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, customer.id));
    const url = `/api/v1/transactions/refund/${sale?.id}`;

    const missing = await call("POST", url, { auth: o.auth });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(TWO_FACTOR_MESSAGES.freshCodeRequired);
    const wrong = await call("POST", url, {
      auth: o.auth,
      headers: { [FRESH_CODE_HEADER]: o.recoveryCodes[0] as string },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.freshCodeWrong);
    const [unchanged] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, sale?.id as number));
    expect(unchanged?.status).toBe("succeeded");
    expect(await actions(o.shopId, "payment.refunded")).toHaveLength(0);

    tick();
    const ok = await call("POST", url, {
      auth: o.auth,
      headers: { [FRESH_CODE_HEADER]: await codeAt(o.secret) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await actions(o.shopId, "payment.refunded")).toHaveLength(1);
  });

  it("asks for a code before payment onboarding too", async () => {
    const o = await ownerWithTwoFactor();
    const missing = await call("POST", "/api/v1/fortis/onboarding", { auth: o.auth });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(TWO_FACTOR_MESSAGES.freshCodeRequired);
    tick();
    const ok = await call("POST", "/api/v1/fortis/onboarding", {
      auth: o.auth,
      headers: { [FRESH_CODE_HEADER]: await codeAt(o.secret) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
