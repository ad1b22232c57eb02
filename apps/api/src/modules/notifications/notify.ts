import { and, eq, inArray, or } from "drizzle-orm";
import { notifications, shops, users } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { raise } from "../../infra/events";

/**
 * The one way anything tells people what happened (DOMAIN "Notifications"). Rows are written in
 * the caller's database transaction, so a notice exists exactly when its event does; live
 * delivery reads them after commit.
 */

export type Recipient = { merchants: true } | { customerId: number } | { userId: number };

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
  | "cashback.redeemed"
  | "webhook.endpoint_disabled";

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
    if ("userId" in recipient) {
      rows.push({ shopId, userId: recipient.userId, ...notice, data: notice.data ?? {} });
    } else if ("customerId" in recipient) {
      rows.push({ shopId, customerId: recipient.customerId, ...notice, data: notice.data ?? {} });
    } else {
      for (const userId of await merchantRecipients(tx, shopId)) {
        rows.push({ shopId, userId, ...notice, data: notice.data ?? {} });
      }
    }
  }
  if (rows.length === 0) return;
  const inserted = await tx.insert(notifications).values(rows).returning({
    id: notifications.id,
    userId: notifications.userId,
    customerId: notifications.customerId,
  });
  const userIds = inserted.flatMap((row) => (row.userId === null ? [] : [row.userId]));
  const customerIds = inserted.flatMap((row) => (row.customerId === null ? [] : [row.customerId]));
  await raise(tx, {
    type: "notification",
    shopId,
    userIds,
    customerIds,
    notificationIds: inserted.map((row) => row.id),
  });
  // Anything notified about a customer changed that customer's data: their dashboard refreshes.
  const about = new Set(customerIds);
  if (typeof notice.data?.customerId === "number") about.add(notice.data.customerId);
  for (const customerId of about) {
    await raise(tx, { type: "customer.changed", shopId, customerId, reason: notice.event });
  }
}
