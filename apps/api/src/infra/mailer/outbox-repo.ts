import { desc, eq, sql } from "drizzle-orm";
import { type EmailOutboxRow, emailOutbox } from "../../db/schema";
import type { Executor } from "../db";

export type NewOutboxEmail = {
  toAddress: string;
  fromAddress: string;
  subject: string;
  text: string;
  html: string;
  status: EmailOutboxRow["status"];
};

export async function insertOutboxEmail(db: Executor, email: NewOutboxEmail): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  if (!row) throw new Error("The e-mail outbox insert returned no row");
  return row.id;
}

export async function recordDeliveryAttempt(
  db: Executor,
  id: number,
  outcome: { status: "sent" } | { status: "failed"; error: string },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: outcome.status,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: outcome.status === "failed" ? outcome.error : null,
      sentAt: outcome.status === "sent" ? new Date() : null,
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
    .where(to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined)
    .orderBy(desc(emailOutbox.id))
    .limit(options.limit);
}
