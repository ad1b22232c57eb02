import nodemailer from "nodemailer";
import type { EmailOutboxRow } from "../../db/schema";
import type { Database } from "../db";
import {
  claimDueEmails,
  insertOutboxEmail,
  recordDeliveryAttempt,
  saveRendered,
} from "./outbox-repo";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name on the From header; the address is always MAIL_FROM's. */
  fromName?: string;
  /** Where a reply goes (a shop's own address on its customers' e-mails). */
  replyTo?: string | null;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
};

/** Writes a queued e-mail (template and payload) as the message to send. */
export type QueuedRenderer = (row: EmailOutboxRow) => Promise<Omit<MailMessage, "to">>;

export type DeliveryReport = { sent: number; kept: number; failed: number };

/** Delivery attempts before a message is given up (about a day and a half of back-off). */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** How long a claimed message is left alone by other runs while it is being sent. */
const DELIVERY_LEASE_MS = 5 * 60 * 1000;

/** 1, 2, 4 … minutes after each failed attempt, at most six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

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
  /**
   * Sends the queued messages that are due (new ones, failed ones whose back-off is over),
   * each claimed under a lease so two instances never send the same one. The delivery job.
   */
  deliverDue(
    render: QueuedRenderer,
    options?: { limit?: number; to?: string },
  ): Promise<DeliveryReport>;
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
  /** The clock retries are scheduled by (the app's). */
  now?: (() => Date) | undefined;
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

type Transport = {
  kind: Mailer["transport"];
  /** Hands one message to the server; throws when it is refused or unreachable. */
  deliver(message: MailMessage, from: ReturnType<typeof fromParts>): Promise<void>;
  close(): Promise<void>;
};

function fromParts(mailFrom: string, fromName: string | undefined) {
  const fromAddress = addressOf(mailFrom);
  const name = fromName?.replace(/\s+/g, " ").trim();
  return name
    ? { header: { name, address: fromAddress }, stored: `${quoteName(name)} <${fromAddress}>` }
    : { header: mailFrom, stored: mailFrom };
}

function oneLineSubject(subject: string) {
  return subject.replace(/\s+/g, " ").trim();
}

function smtpTransport(smtpUrl: string): Transport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async deliver(message, from) {
      await transporter.sendMail({
        from: from.header,
        to: message.to.trim(),
        subject: oneLineSubject(message.subject),
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    async close() {
      transporter.close();
    },
  };
}

type DeliveryDeps = {
  db: Database;
  log: MailerLogger;
  now: () => Date;
  transport: Transport | null;
  from: (message: MailMessage) => ReturnType<typeof fromParts>;
  onSent: MailerOptions["onSent"];
};

/** Attempts at recorded messages: one send, its outcome written on the row. */
function deliveryOf({ db, log, now, transport, from, onSent }: DeliveryDeps) {
  const options = { onSent };
  /** One attempt at a recorded message; the outcome is written on its row. */
  async function attempt(id: number, message: MailMessage, attempts: number) {
    if (!transport) {
      await recordDeliveryAttempt(db, id, { status: "kept" });
      log.info({ outboxId: id }, "e-mail kept in the outbox (no SMTP_URL); see /dev/mailbox");
      options.onSent?.("kept");
      return "kept" as const;
    }
    try {
      await transport.deliver(message, from(message));
    } catch (error) {
      const reason = describeError(error);
      const tries = attempts + 1;
      const givenUp = tries >= MAX_DELIVERY_ATTEMPTS;
      const nextAttemptAt = givenUp ? null : new Date(now().getTime() + retryDelayMs(tries));
      log.error(
        { outboxId: id, reason, attempts: tries, nextAttemptAt },
        givenUp ? "e-mail delivery failed; given up" : "e-mail delivery failed; kept for retry",
      );
      await recordDeliveryAttempt(db, id, { status: "failed", error: reason, nextAttemptAt }).catch(
        (dbError: unknown) =>
          log.error({ outboxId: id, err: dbError }, "could not record the failed delivery"),
      );
      options.onSent?.("failed");
      return "failed" as const;
    }
    try {
      await recordDeliveryAttempt(db, id, { status: "sent" });
    } catch (dbError) {
      // The message is out; the worst outcome of not recording it is one duplicate later.
      log.error({ outboxId: id, err: dbError }, "e-mail sent but not recorded as sent");
    }
    options.onSent?.("sent");
    return "sent" as const;
  }

  /** A claimed row: written from its template when queued, then one attempt. */
  async function deliverRow(row: EmailOutboxRow, render: QueuedRenderer) {
    let message: MailMessage;
    if (row.template && row.status === "queued" && !row.html) {
      try {
        message = { to: row.toAddress, ...(await render(row)) };
      } catch (error) {
        const tries = row.attempts + 1;
        const givenUp = tries >= MAX_DELIVERY_ATTEMPTS;
        log.error(
          { outboxId: row.id, err: error, template: row.template },
          "e-mail could not be written; kept for retry",
        );
        await recordDeliveryAttempt(db, row.id, {
          status: "failed",
          error: describeError(error),
          nextAttemptAt: givenUp ? null : new Date(now().getTime() + retryDelayMs(tries)),
          unrendered: true,
        });
        return "failed" as const;
      }
      await saveRendered(db, row.id, {
        fromAddress: from(message).stored,
        subject: oneLineSubject(message.subject).slice(0, SUBJECT_MAX),
        text: message.text,
        html: message.html,
        replyTo: message.replyTo ?? null,
        headers: message.headers ?? null,
      });
    } else {
      message = {
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        replyTo: row.replyTo,
        ...(row.headers ? { headers: row.headers } : {}),
      };
    }
    const stored = row.fromAddress || from(message).stored;
    return attempt(row.id, { ...message, fromName: nameOf(stored) }, row.attempts);
  }

  return { attempt, deliverRow };
}

export function createMailer(options: MailerOptions): Mailer {
  const { db } = options;
  const log = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const transport = options.smtpUrl ? smtpTransport(options.smtpUrl) : null;
  const from = (message: MailMessage) => fromParts(options.mailFrom, message.fromName);
  const { attempt, deliverRow } = deliveryOf({
    db,
    log,
    now,
    transport,
    from,
    onSent: options.onSent,
  });

  function record(message: MailMessage, status: "kept" | "failed") {
    return insertOutboxEmail(db, {
      toAddress: message.to.trim(),
      fromAddress: from(message).stored,
      subject: oneLineSubject(message.subject).slice(0, SUBJECT_MAX),
      text: message.text,
      html: message.html,
      status,
      // Recorded before the attempt, with a lease: if the process dies mid-send, the delivery
      // job retries it once the lease is over, so a message is never lost, at worst sent twice.
      nextAttemptAt: status === "failed" ? new Date(now().getTime() + DELIVERY_LEASE_MS) : null,
    });
  }

  return {
    transport: transport?.kind ?? "outbox",
    async send(message) {
      if (!transport) {
        const id = await record(message, "kept");
        log.info({ outboxId: id }, "e-mail kept in the outbox (no SMTP_URL); see /dev/mailbox");
        options.onSent?.("kept");
        return { id, status: "kept" };
      }
      const id = await record(message, "failed");
      return { id, status: await attempt(id, message, 0) };
    },
    async deliverDue(render, { limit = 50, to } = {}) {
      const at = now();
      const claimed = await claimDueEmails(
        db,
        at,
        new Date(at.getTime() + DELIVERY_LEASE_MS),
        limit,
        to,
      );
      const report: DeliveryReport = { sent: 0, kept: 0, failed: 0 };
      for (const row of claimed) report[await deliverRow(row, render)] += 1;
      return report;
    },
    async close() {
      await transport?.close();
    },
  };
}

/** The display name of a stored From ("\"Blue Door\" <no-reply@x>" → "Blue Door"). */
function nameOf(stored: string): string | undefined {
  const match = /^"((?:[^"\\]|\\.)*)"\s*</.exec(stored);
  return match?.[1]?.replace(/\\(.)/g, "$1");
}

export * from "./templates";
