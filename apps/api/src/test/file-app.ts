import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { createMerchant, createStaff, loginAs, PASSWORD } from "./factories";
import { makeImage, sendMultipart } from "./multipart";
import { type SmtpCapture, startSmtpCapture } from "./smtp";

/**
 * One test app for a whole test file (or for one describe block, when called inside it): made
 * before its first test, closed after its last. The object is filled in place, so a file holds
 * it in a `const` from the start. A file that moves the clock passes `now: () => clock`; the
 * app reads it on every call. `setupTimeout` is for files whose first migration may outlast
 * the default hook time on a busy machine.
 */
export function appForFile(
  options: Parameters<typeof createTestApp>[0] = {},
  setupTimeout?: number,
): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(options));
  }, setupTimeout);
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/**
 * `appForFile` sending its e-mail to an SMTP server of the file's own, so tests read what a
 * person received (links in it point at http://shop.test). Both are filled in place.
 */
export function appWithMailboxForFile(): { t: TestApp; smtp: SmtpCapture } {
  const t = {} as TestApp;
  const smtp = {} as SmtpCapture;
  beforeAll(async () => {
    Object.assign(smtp, await startSmtpCapture());
    Object.assign(
      t,
      await createTestApp({
        env: { SMTP_URL: smtp.url, PUBLIC_URL: "http://shop.test", RATE_LIMIT_PER_MINUTE: "1000" },
      }),
    );
  });
  afterAll(async () => {
    await t.close?.();
    await smtp.close?.();
  });
  return { t, smtp };
}

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** One request to the app; headers and a payload only when given. */
export function sendAs(
  t: TestApp,
  method: HttpMethod,
  url: string,
  headers?: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** `sendAs` bound to a file's app, for files that send many requests as different people. */
export function callerFor(t: TestApp) {
  return (
    method: HttpMethod,
    url: string,
    headers?: { authorization: string },
    payload?: unknown,
  ) => sendAs(t, method, url, headers, payload);
}

/** Someone signing up at a shop's storefront, with the test password. */
export function customerSignUp(
  t: TestApp,
  shopId: number,
  who: { firstName: string; lastName: string; email: string },
) {
  return sendAs(t, "POST", "/api/v1/customer/auth/sign-up", undefined, {
    ...who,
    password: PASSWORD,
    shopId,
  });
}

/**
 * A public read that names its shop in the query, asked about a shop that does not exist (404
 * Store Not Found) and about an id that is not a number (400). `url` gives the address for an
 * id; the 404 answer is returned for further checks.
 */
export async function expectUnknownShopRefused(t: TestApp, url: (shopId: string) => string) {
  const missing = await sendAs(t, "GET", url("2147483000"));
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ message: "Store Not Found" });
  const bad = await sendAs(t, "GET", url("abc"));
  expect(bad.statusCode).toBe(400);
  return missing;
}

/** A new owner with a new shop, signed in through the real endpoint. */
export async function signedInOwner(t: TestApp) {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const { authorization } = await loginAs(t.app, merchant);
  return { ...merchant, shopId, authorization, headers: { authorization } };
}

/** A new active staff member of the shop, signed in through the real endpoint. */
export async function signedInStaff(t: TestApp, shopId: number) {
  const staff = await createStaff(t.database.db, shopId);
  const { authorization } = await loginAs(t.app, staff);
  return { ...staff, authorization, headers: { authorization } };
}

/**
 * A new owner without a shop, signed in, who creates one named `name` through the API with a
 * 400×400 PNG logo and a 1200×600 JPEG banner, so both are stored files. Returns the owner,
 * their authorization and the create-shop answer.
 */
export async function ownerCreatingShop(t: TestApp, name: string) {
  const owner = await createMerchant(t.database.db, { withShop: false });
  const { authorization } = await loginAs(t.app, owner);
  const res = await sendMultipart(
    t.app,
    { method: "POST", url: "/api/v1/shop/create-shop", headers: { authorization } },
    { name, industry: "Retail" },
    {
      logo: { buffer: await makeImage(400, 400), filename: "logo.png", type: "image/png" },
      banner: {
        buffer: await makeImage(1200, 600, "jpeg"),
        filename: "banner.jpg",
        type: "image/jpeg",
      },
    },
  );
  return { owner, authorization, res };
}
