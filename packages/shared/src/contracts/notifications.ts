import { z } from "zod";
import { paginated } from "../api.ts";
import { idSchema } from "../validation/common.ts";

/** The bell and its list (spec §2 "Notifications list", §7 Notifications). */

export const NOTIFICATION_MESSAGES = {
  marked: "Notification marked as read",
  allMarked: "All notifications marked as read",
  notFound: "Notification not found.",
} as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** What happened (`offer.purchased`, `membership.renewed`, …). */
  type: z.string(),
  /** Where in the app the thing it is about lives; null when nowhere. */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = paginated(notificationSchema, "notifications").extend(
  { unreadCount: z.number().int() },
);
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const notificationUpdateResponseSchema = z.object({
  message: z.string(),
  notification: notificationSchema,
  unreadCount: z.number().int(),
});

export const notificationsReadAllResponseSchema = z.object({
  message: z.string(),
  updated: z.number().int(),
  unreadCount: z.number().int(),
});

export const notificationIdQuerySchema = z.object({ id: idSchema });

export { SOCKET_EVENTS } from "./events.ts";
