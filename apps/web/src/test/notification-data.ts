import { fixture } from "./fixture";

/** Test data for the notification bell, shaped as the notification calls answer. */

export const makeNotification = fixture(() => ({
  id: 1,
  title: "Offer purchased",
  message: "Ava Brooks bought Pastry box.",
  isRead: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  type: "offer.purchased",
  link: "/merchant/offers" as string | null,
}));

export type TestNotification = ReturnType<typeof makeNotification>;

/** A list answer: the unread count counts the given ones unless `extra` says otherwise. */
export function listOf(notifications: TestNotification[], extra: Record<string, unknown> = {}) {
  return {
    notifications,
    total: notifications.length,
    unreadCount: notifications.filter((n) => !n.isRead).length,
    page: 1,
    pageSize: 20,
    ...extra,
  };
}
