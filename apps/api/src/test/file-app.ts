import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./app";

/**
 * One test app for a whole test file: made before its first test, closed after its last. The
 * object is filled in place, so a file holds it in a `const` from the start.
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
