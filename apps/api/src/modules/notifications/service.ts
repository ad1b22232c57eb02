import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type PaginationQuery,
  pageOffset,
} from "@tessera/shared";
import { and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { type NotificationRow, notifications } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";

/** Whose bell: a merchant user of a shop, or one customer. */
export type Inbox = { shopId: number; userId: number } | { shopId: number; customerId: number };

/** Where a notice points to, from what it is about. */
function linkOf(row: NotificationRow): string | null {
  const data = row.data ?? {};
  if (row.userId !== null) {
    if (typeof data.customerId === "number") return `/merchant/members/${data.customerId}`;
    if (row.event.startsWith("offer.")) return "/merchant/offers";
    return "/merchant/dashboard";
  }
  return `/${row.shopId}/customer/dashboard`;
}

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    type: row.event,
    link: linkOf(row),
  };
}

export function createNotificationsService({ db }: { db: Database }) {
  function owner(inbox: Inbox): SQL {
    const base = eq(notifications.shopId, inbox.shopId);
    return "userId" in inbox
      ? (and(base, eq(notifications.userId, inbox.userId)) as SQL)
      : (and(base, eq(notifications.customerId, inbox.customerId)) as SQL);
  }

  async function unreadCount(inbox: Inbox) {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(owner(inbox), eq(notifications.isRead, false)));
    return row?.n ?? 0;
  }

  return {
    /** Newest first, paginated, with the unread count for the bell. */
    async list(inbox: Inbox, page: PaginationQuery, options: { unreadOnly?: boolean } = {}) {
      const where = options.unreadOnly
        ? and(owner(inbox), eq(notifications.isRead, false))
        : owner(inbox);
      const [rows, [total], unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(page.pageSize)
          .offset(pageOffset(page)),
        db.select({ n: count() }).from(notifications).where(where),
        unreadCount(inbox),
      ]);
      return {
        notifications: rows.map(toNotificationDto),
        total: total?.n ?? 0,
        unreadCount: unread,
        page: page.page,
        pageSize: page.pageSize,
      };
    },

    async markRead(inbox: Inbox, id: number) {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(owner(inbox), eq(notifications.id, id)))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
      return {
        message: NOTIFICATION_MESSAGES.marked,
        notification: toNotificationDto(row),
        unreadCount: await unreadCount(inbox),
      };
    },

    async markAllRead(inbox: Inbox) {
      const updated = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(owner(inbox), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return { message: NOTIFICATION_MESSAGES.allMarked, updated: updated.length, unreadCount: 0 };
    },

    /**
     * Claims rows for live delivery: only the first instance to ask gets them, so each notice is
     * pushed once however many instances heard about it.
     */
    async claimForDelivery(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .update(notifications)
        .set({ deliveredAt: new Date() })
        .where(and(inArray(notifications.id, ids), isNull(notifications.deliveredAt)))
        .returning();
      return rows.map((row) => ({
        room:
          row.userId !== null
            ? (`user:${row.userId}` as const)
            : (`customer:${row.customerId as number}` as const),
        payload: toNotificationDto(row),
      }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
