import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { startSmtpCapture } from "../../test/smtp";
import { type DatabaseHandle, openDatabase } from "../db";
import { createMailer } from "./index";
import { listRecentOutboxEmails } from "./outbox-repo";
import { resetPasswordMessage, verifyEmailMessage } from "./templates";

const MAIL_FROM = "Tessera <no-reply@tessera.test>";

/** Against PostgreSQL the database is shared by all test files: every address here is unique. */
function uniqueAddress(name: string) {
  return `${name}-${randomUUID().slice(0, 8)}@example.com`;
}

function recordingLogger() {
  const errors: { obj: object; msg: string }[] = [];
  return {
    errors,
    info() {},
    error(obj: object, msg: string) {
      errors.push({ obj, msg });
    },
  };
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
  await database.migrate();
});
afterAll(() => database.close());

async function outboxRow(id: number) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

describe("mailer without SMTP (embedded outbox)", () => {
  it("keeps the message in the outbox, which is its delivery", async () => {
    const mailer = createMailer({ mailFrom: MAIL_FROM, db: database.db });
    expect(mailer.transport).toBe("outbox");
    const to = uniqueAddress("ada");
    const link = `http://localhost:3000/api/v1/auth/verify-email?token=t1&email=${encodeURIComponent(to)}`;
    const result = await mailer.send({
      to,
      ...(await verifyEmailMessage({ firstName: "Ada", link })),
    });
    expect(result.status).toBe("kept");

    const row = await outboxRow(result.id);
    expect(row).toMatchObject({
      toAddress: to,
      fromAddress: MAIL_FROM,
      subject: "Verify your email for Tessera",
      status: "kept",
      attempts: 0,
      lastError: null,
    });
    expect(row.text).toContain(link);
    expect(row.html).toContain(link.replace("&", "&amp;"));
    await mailer.close();
  });

  it("lists the newest first and filters by recipient, ignoring case", async () => {
    const mailer = createMailer({ mailFrom: MAIL_FROM, db: database.db });
    const to = uniqueAddress("grace");
    const link = "http://localhost:3000/pass/reset-password?token=a";
    const first = await mailer.send({ to, ...(await resetPasswordMessage({ link })) });
    const second = await mailer.send({
      to,
      ...(await resetPasswordMessage({ link: `${link}b`, shop: { name: "Blue Door" } })),
    });
    const rows = await listRecentOutboxEmails(database.db, { to: to.toUpperCase(), limit: 50 });
    expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
    // The shop's name is the sender's display name on a customer's e-mail.
    expect(rows[0]?.fromAddress).toBe('"Blue Door" <no-reply@tessera.test>');
  });
});

describe("mailer with SMTP", () => {
  it("delivers through a real SMTP server and records it as sent", async () => {
    const smtp = await startSmtpCapture();
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, db: database.db });
    try {
      expect(mailer.transport).toBe("smtp");
      const to = uniqueAddress("ada");
      const link = `http://localhost:3000/api/v1/auth/verify-email?token=tok-42&email=${encodeURIComponent(to)}`;
      const result = await mailer.send({
        to,
        ...(await verifyEmailMessage({ firstName: "Ada", link })),
      });
      expect(result.status).toBe("sent");

      const mail = await smtp.waitFor(to);
      expect(mail.to).toEqual([to]);
      expect(mail.subject).toBe("Verify your email for Tessera");
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
      expect(smtp.linkIn(mail, "/api/v1/auth/verify-email").searchParams.get("token")).toBe(
        "tok-42",
      );

      const row = await outboxRow(result.id);
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it("records a refused message as failed, logs it and does not throw", async () => {
    // A server that turns every recipient away, as a full mailbox or a strict relay would.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(error);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    const logger = recordingLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: MAIL_FROM,
      db: database.db,
      logger,
    });
    try {
      const to = uniqueAddress("nobody");
      const result = await mailer.send({
        to,
        ...(await resetPasswordMessage({
          link: "http://localhost:3000/pass/reset-password?token=x",
        })),
      });
      expect(result.status).toBe("failed");
      const row = await outboxRow(result.id);
      expect(row).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
      expect(row.lastError).toContain("Mailbox unavailable");
      expect(logger.errors).toHaveLength(1);
      expect(logger.errors[0]?.obj).toMatchObject({ outboxId: result.id });
      // The log line names the row, never the message (it holds a reset link).
      expect(JSON.stringify(logger.errors)).not.toContain("token=x");
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("records an unreachable server as failed without throwing", async () => {
    // Take a free port and close it again: nothing listens there.
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.server.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: MAIL_FROM,
      db: database.db,
    });
    const result = await mailer.send({
      to: uniqueAddress("ada"),
      ...(await verifyEmailMessage({ link: "http://localhost:3000/x?token=y" })),
    });
    expect(result.status).toBe("failed");
    const row = await outboxRow(result.id);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    await mailer.close();
  });
});
