import { notificationSchema } from "@tessera/shared";
import { io } from "socket.io-client";

/**
 * What the live connection needs and the first paint does not: the socket.io client and the
 * notification schema (and with it the schema library), one chunk loaded on first use, so
 * pages without a signed-in user never download them.
 */
export { io };

export function parseNotification(payload: unknown) {
  const parsed = notificationSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
