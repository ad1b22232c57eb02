import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { createMerchant, loginAs } from "./factories";

/**
 * One test app for a whole test file: made before its first test, closed after its last. The
 * object is filled in place, so a file holds it in a `const` from the start. A file that moves
 * the clock passes `now: () => clock`; the app reads it on every call.
 */
export function appForFile(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(options));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
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

/** A new owner with a new shop, signed in through the real endpoint. */
export async function signedInOwner(t: TestApp) {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const { authorization } = await loginAs(t.app, merchant);
  return { ...merchant, shopId, authorization, headers: { authorization } };
}
