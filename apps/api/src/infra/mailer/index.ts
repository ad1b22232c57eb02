import nodemailer from "nodemailer";
import type { Database } from "../db";
import { insertOutboxEmail, recordDeliveryAttempt } from "./outbox-repo";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name on the From header; the address is always MAIL_FROM's. */
  fromName?: string;
};

/**
 * `kept`: no SMTP configured, the outbox row is the delivery (shown on /dev/mailbox).
 * `sent`: the SMTP server accepted it. `failed`: it did not; the row waits for the retry job.
 */
export type SendResult = { id: number; status: "kept" | "sent" | "failed" };

export type Mailer = {
  readonly transport: "smtp" | "outbox";
  /**
   * Records and delivers one message. A delivery failure does not throw (a flaky mail server
   * must not fail a sign-up); it is recorded as `failed`, logged, and left for the retry job.
   * Only a failure to record the message at all (the database) throws.
   */
  send(message: MailMessage): Promise<SendResult>;
  /** Closes the SMTP connection; call on shutdown. */
  close(): Promise<void>;
};

type MailerLogger = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type MailerOptions = {
  smtpUrl?: string | undefined;
  mailFrom: string;
  db: Database;
  logger?: MailerLogger;
  /** Told how each message ended (metrics). */
  onSent?: ((status: SendResult["status"]) => void) | undefined;
};

// nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket; a request that
// sends mail should learn much sooner that the server is not answering.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const MAX_ERROR_LENGTH = 1000;
const SUBJECT_MAX = 300;

const silentLogger: MailerLogger = { info() {}, error() {} };

/** The address part of MAIL_FROM ("Tessera <no-reply@x>" → "no-reply@x"). */
function addressOf(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

function quoteName(name: string): string {
  return `"${name.replace(/[\r\n]+/g, " ").replace(/["\\]/g, "\\$&")}"`;
}

function describeError(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  const parts = [typeof e?.message === "string" ? e.message : String(error)];
  if (typeof e?.code === "string") parts.push(`(${e.code})`);
  return parts.join(" ").slice(0, MAX_ERROR_LENGTH);
}

export function createMailer(options: MailerOptions): Mailer {
  const { db } = options;
  const log = options.logger ?? silentLogger;
  const fromAddress = addressOf(options.mailFrom);

  function from(message: MailMessage) {
    const name = message.fromName?.replace(/\s+/g, " ").trim();
    return name
      ? { header: { name, address: fromAddress }, stored: `${quoteName(name)} <${fromAddress}>` }
      : { header: options.mailFrom, stored: options.mailFrom };
  }

  function record(message: MailMessage, status: "kept" | "failed") {
    return insertOutboxEmail(db, {
      toAddress: message.to.trim(),
      fromAddress: from(message).stored,
      subject: message.subject.replace(/\s+/g, " ").trim().slice(0, SUBJECT_MAX),
      text: message.text,
      html: message.html,
      status,
    });
  }

  if (!options.smtpUrl) {
    return {
      transport: "outbox",
      async send(message) {
        const id = await record(message, "kept");
        log.info({ outboxId: id }, "e-mail kept in the outbox (no SMTP_URL); see /dev/mailbox");
        options.onSent?.("kept");
        return { id, status: "kept" };
      },
      async close() {},
    };
  }

  const transporter = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });

  return {
    transport: "smtp",
    async send(message) {
      // Recorded before the attempt: if the process dies mid-send, the row (failed, 0 attempts)
      // is still there for the retry job, so a message is never lost, at worst sent twice.
      const id = await record(message, "failed");
      try {
        await transporter.sendMail({
          from: from(message).header,
          to: message.to.trim(),
          subject: message.subject.replace(/\s+/g, " ").trim(),
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        const reason = describeError(error);
        log.error({ outboxId: id, reason }, "e-mail delivery failed; kept for retry");
        await recordDeliveryAttempt(db, id, { status: "failed", error: reason }).catch(
          (dbError: unknown) =>
            log.error({ outboxId: id, err: dbError }, "could not record the failed delivery"),
        );
        options.onSent?.("failed");
        return { id, status: "failed" };
      }
      try {
        await recordDeliveryAttempt(db, id, { status: "sent" });
      } catch (dbError) {
        // The message is out; the worst outcome of not recording it is one duplicate later.
        log.error({ outboxId: id, err: dbError }, "e-mail sent but not recorded as sent");
      }
      options.onSent?.("sent");
      return { id, status: "sent" };
    },
    async close() {
      transporter.close();
    },
  };
}

export * from "./templates";
