import { and, eq, isNotNull, lt, or, type SQL } from "drizzle-orm";
import { accountTokens, emailOutbox, notifications, sessions } from "../../db/schema";
import type { Database } from "../../infra/db";

const DAY = 24 * 60 * 60 * 1000;

type Purged = typeof sessions | typeof accountTokens | typeof emailOutbox | typeof notifications;

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
  /** Deletes the rows of `table` that `where` picks; how many went. */
  const purge = async (table: Purged, where: SQL | undefined) =>
    (await db.delete(table).where(where).returning({ id: table.id })).length;
  return {
    sessions: await purge(sessions, lt(sessions.expiresAt, expired)),
    tokens: await purge(
      accountTokens,
      or(
        lt(accountTokens.expiresAt, expired),
        and(isNotNull(accountTokens.usedAt), lt(accountTokens.usedAt, old)),
      ),
    ),
    emails: await purge(emailOutbox, lt(emailOutbox.createdAt, old)),
    notifications: await purge(
      notifications,
      and(lt(notifications.createdAt, old), eq(notifications.isRead, true)),
    ),
  };
}
