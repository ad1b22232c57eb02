import { and, eq, isNotNull, lt, or } from "drizzle-orm";
import { accountTokens, emailOutbox, notifications, sessions } from "../../db/schema";
import type { Database } from "../../infra/db";

const DAY = 24 * 60 * 60 * 1000;

export type HousekeepingResult = {
  sessions: number;
  tokens: number;
  emails: number;
  notifications: number;
};

/**
 * Deletes what nobody will read again, so tables do not grow forever:
 * - sessions and sign-up, reset and invitation tokens past their expiry (they can never be
 *   used again; a day of slack keeps a just-expired one explainable in the logs);
 * - e-mails of the outbox older than the retention (the dev mailbox keeps them until then);
 * - read notifications older than the retention (unread ones stay until they are read).
 * Nothing that holds money or history (transactions, ledger, redemptions) is ever touched.
 */
export async function runHousekeeping(
  db: Database,
  options: { now: Date; retentionDays: number },
): Promise<HousekeepingResult> {
  const expired = new Date(options.now.getTime() - DAY);
  const old = new Date(options.now.getTime() - options.retentionDays * DAY);
  const count = (rows: unknown[]) => rows.length;
  return {
    sessions: count(
      await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, expired))
        .returning({ id: sessions.id }),
    ),
    tokens: count(
      await db
        .delete(accountTokens)
        .where(
          or(
            lt(accountTokens.expiresAt, expired),
            and(isNotNull(accountTokens.usedAt), lt(accountTokens.usedAt, old)),
          ),
        )
        .returning({ id: accountTokens.id }),
    ),
    emails: count(
      await db
        .delete(emailOutbox)
        .where(lt(emailOutbox.createdAt, old))
        .returning({ id: emailOutbox.id }),
    ),
    notifications: count(
      await db
        .delete(notifications)
        .where(and(lt(notifications.createdAt, old), eq(notifications.isRead, true)))
        .returning({ id: notifications.id }),
    ),
  };
}
