import { afterAll, beforeAll } from "vitest";
import { EMAIL_DELIVERY_JOB, EMAIL_REMINDERS_JOB } from "../modules/emails/delivery";
import { createTestApp, type TestApp } from "./app";
import { paymentsKit } from "./payments-kit";
import { type SmtpCapture, startSmtpCapture } from "./smtp";

/** The moment the e-mail tests start at: a Sunday afternoon, UTC. */
export const MAIL_TEST_START = "2026-11-22T15:00:00Z";

/**
 * The e-mail tests' application: a real SMTP server in the test, the app sending to it, and a
 * clock the test moves (renewals, reminders and digests are decided by the time). Call it at
 * the top of a test file; the app and the server start before the file's tests and stop after.
 */
export function mailTestApp() {
  const clock = { now: new Date(MAIL_TEST_START) };
  let app: TestApp | undefined;
  let server: SmtpCapture | undefined;

  beforeAll(async () => {
    server = await startSmtpCapture();
    app = await createTestApp({
      now: () => clock.now,
      env: { SMTP_URL: server.url, RATE_LIMIT_PER_MINUTE: "1000000" },
    });
    // Migrating a fresh database takes a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the mail test app is used before it started");
    return value;
  };
  const testApp = () => started(app);
  const smtp = () => started(server);
  const deliver = () => testApp().app.jobs.runNow(EMAIL_DELIVERY_JOB);

  return {
    clock,
    /** The started application (read it inside tests and hooks, not at the file's top). */
    get t() {
      return testApp();
    },
    /** The started application's database. */
    get db() {
      return testApp().database.db;
    },
    get smtp() {
      return smtp();
    },
    kit: () => paymentsKit(testApp(), null),
    /** What the SMTP server received for an address. */
    mailsTo: (email: string) => smtp().messages.filter((m) => m.to.includes(email.toLowerCase())),
    deliver,
    /** What a mail client's one-click unsubscribe (RFC 8058) posts to the link. */
    oneClickUnsubscribe: (url: string) =>
      testApp().app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      }),
    /** The reminder job's choices, then their delivery. */
    runJobs: async () => {
      await testApp().app.jobs.runNow(EMAIL_REMINDERS_JOB);
      await deliver();
    },
  };
}
