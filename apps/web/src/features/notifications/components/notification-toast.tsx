import type { Notification } from "@tessera/shared";

/** A live notification's toast: its title, and its message underneath. */
export function NotificationToast({ notification }: { notification: Notification }) {
  return (
    <div className="flex flex-col gap-0.5">
      <p className="font-medium text-fg">{notification.title}</p>
      {notification.message ? (
        <p className="text-fg-muted text-xs">{notification.message}</p>
      ) : null}
    </div>
  );
}
