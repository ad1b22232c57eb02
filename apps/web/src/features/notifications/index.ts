export {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationAudience,
  type NotificationFilter,
  notificationKeys,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from "./api";
export { NotificationBell, type NotificationBellProps } from "./components/notification-bell";
export {
  type NotificationAudienceOptions,
  type SignedInIdentity,
  useNotificationAudience,
} from "./use-notification-audience";
export {
  type NotificationSocketStatus,
  useNotificationSocket,
} from "./use-notification-socket";
