import { and, desc, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import { type EmailOutboxRow, emailOutbox } from "../../db/schema";
import type { Executor } from "../db";

export type NewOutboxEmail = {
  toAddress: string;
  fromAddress: string;
  subject: string;
  text: string;
  html: string;
  status: EmailOutboxRow["status"];
  nextAttemptAt?: Date | null;
};

export async function insertOutboxEmail(db: Executor, email: NewOutboxEmail): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  if (!row) throw new Error("The e-mail outbox insert returned no row");
  return row.id;
}

/** An e-mail about an event, rendered later by the delivery job. */
export type QueuedEmail = {
  idempotencyKey: string;
  toAddress: string;
  template: string;
  payload: unknown;
  category: "transactional" | "reminders" | "digests";
  shopId: number | null;
};

/**
 * A queued e-mail is due at once, whatever the clock of the instance that sends it (the app's
 * clock and the database's may differ): the epoch sorts it before every retry.
 */
const DUE_AT_ONCE = new Date(0);

/**
 * Queues an e-mail in the caller's transaction. The same key again (a job run twice, a retried
 * transaction, a second instance) queues nothing: returns null.
 */
export async function queueOutboxEmail(db: Executor, email: QueuedEmail): Promise<number | null> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.toAddress.trim(),
      fromAddress: "",
      subject: "",
      text: "",
      html: "",
      status: "queued",
      idempotencyKey: email.idempotencyKey,
      template: email.template,
      payload: email.payload,
      category: email.category,
      shopId: email.shopId,
      nextAttemptAt: DUE_AT_ONCE,
    })
    .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
    .returning({ id: emailOutbox.id });
  return row?.id ?? null;
}

/**
 * Claims up to `limit` e-mails due now for one delivery attempt: their next attempt moves to the
 * end of the lease, so another instance (or the next run) leaves them alone meanwhile, and a
 * process that dies mid-send has them retried once the lease is over.
 */
export async function claimDueEmails(
  db: Executor,
  at: Date,
  leaseUntil: Date,
  limit: number,
  /** Only the e-mails to this address (an operator's or a test's run). */
  to?: string,
): Promise<EmailOutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNotNull(emailOutbox.nextAttemptAt),
        lte(emailOutbox.nextAttemptAt, at),
        inArray(emailOutbox.status, ["queued", "failed"]),
        to ? eq(emailOutbox.toAddress, to) : undefined,
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** The rendered message of a queued e-mail, saved before it is sent. */
export async function saveRendered(
  db: Executor,
  id: number,
  content: Pick<
    EmailOutboxRow,
    "fromAddress" | "subject" | "text" | "html" | "replyTo" | "headers"
  >,
): Promise<void> {
  await db.update(emailOutbox).set(content).where(eq(emailOutbox.id, id));
}

export async function recordDeliveryAttempt(
  db: Executor,
  id: number,
  outcome:
    | { status: "sent" | "kept" }
    | { status: "failed"; error: string; nextAttemptAt: Date | null; unrendered?: boolean },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      // One that could not even be written stays queued: the mailbox has nothing to show.
      status: outcome.status === "failed" && outcome.unrendered ? "queued" : outcome.status,
      attempts: sql`${emailOutbox.attempts} + ${outcome.status === "kept" ? 0 : 1}`,
      lastError: outcome.status === "failed" ? outcome.error : null,
      sentAt: outcome.status === "sent" ? new Date() : null,
      nextAttemptAt: outcome.status === "failed" ? outcome.nextAttemptAt : null,
    })
    .where(eq(emailOutbox.id, id));
}

/** The newest e-mails first, optionally only those to one address (case-insensitive). */
export async function listRecentOutboxEmails(
  db: Executor,
  options: { to?: string; limit: number },
): Promise<EmailOutboxRow[]> {
  const to = options.to?.trim().toLowerCase();
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        // A queued e-mail is not written yet: the delivery job renders it.
        ne(emailOutbox.status, "queued"),
        to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.id))
    .limit(options.limit);
}
