import { and, eq, inArray, or } from "drizzle-orm";
import { notifications, shops, users } from "../../db/schema";
import type { Executor } from "../../infra/db";

/**
 * The one way anything tells people what happened (DOMAIN "Notifications"). Rows are written in
 * the caller's database transaction, so a notice exists exactly when its event does; live
 * delivery reads them after commit.
 */

export type Recipient = { merchants: true } | { customerId: number };

export type NotificationEvent =
  | "member.joined"
  | "membership.purchased"
  | "membership.activated"
  | "membership.renewed"
  | "membership.cancelled"
  | "membership.payment_failed"
  | "membership.payment_due"
  | "membership.expiring"
  | "membership.expired"
  | "membership.plan_changed"
  | "offer.purchased"
  | "payment.refunded"
  | "redemption.recorded"
  | "cashback.credited"
  | "cashback.redeemed";

export type Notice = {
  event: NotificationEvent;
  title: string;
  message: string;
  data?: Record<string, unknown>;
};

/** The shop's merchant users who should hear about it: the owner and active staff. */
async function merchantRecipients(tx: Executor, shopId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(shops, eq(shops.ownerId, users.id))
    .where(
      and(or(eq(users.shopId, shopId), eq(shops.id, shopId)), inArray(users.status, ["active"])),
    );
  return [...new Set(rows.map((row) => row.id))];
}

export async function notify(
  tx: Executor,
  shopId: number,
  recipients: Recipient[],
  notice: Notice,
): Promise<void> {
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const recipient of recipients) {
    if ("customerId" in recipient) {
      rows.push({ shopId, customerId: recipient.customerId, ...notice, data: notice.data ?? {} });
    } else {
      for (const userId of await merchantRecipients(tx, shopId)) {
        rows.push({ shopId, userId, ...notice, data: notice.data ?? {} });
      }
    }
  }
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}
