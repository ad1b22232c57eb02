import { useQueryClient } from "@tanstack/react-query";
import { type Notification, SOCKET_EVENTS } from "@tessera/shared";
import { createElement, useEffect, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { toast } from "@/lib/toast";
import { invalidateNotifications, type NotificationAudience, prependNotification } from "./api";
import { NotificationToast } from "./components/notification-toast";
import type { SignedInIdentity } from "./use-notification-audience";

/**
 * "off": nobody to connect for, or closed; "connecting": waiting for (or retrying) the
 * handshake; "live": in the user's room; "refused": the server refused the token, and the
 * socket stays closed rather than asking again.
 */
export type NotificationSocketStatus = "off" | "connecting" | "live" | "refused";

export interface NotificationSocketOptions {
  audience: NotificationAudience | null;
  identity: SignedInIdentity | null;
  token: string | null;
}

/** `uniqueId` of `connectUser`: the user's id and e-mail (spec §7 "Real-time"). */
export function uniqueIdOf(identity: SignedInIdentity): string {
  return `${identity.id}${identity.email}`;
}

/**
 * The real-time socket (spec §4, §7): connects only with a signed-in user and a stored token,
 * on the same origin and default path with `authToken` in the handshake query. On connect it
 * announces the user (`connectUser`); each `notification` goes to the top of the cached lists,
 * counts on the bell and raises a toast. When the user, the token or the component goes
 * (logout, session end, leaving the area) it announces `disconnectAndLeaveRoom` and closes.
 *
 * Mount it once per signed-in area (NotificationBell does, unless `live={false}`).
 */
export function useNotificationSocket({
  audience,
  identity,
  token,
}: NotificationSocketOptions): NotificationSocketStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<NotificationSocketStatus>("off");
  // The effect reconnects only when who or which token changes, not on a new audience object.
  const audienceRef = useRef(audience);
  audienceRef.current = audience;
  const audienceKey = audience ? JSON.stringify(audience) : null;
  const identityId = identity?.id ?? null;
  const identityEmail = identity?.email ?? null;

  useEffect(() => {
    if (audienceKey === null || identityId === null || identityEmail === null || !token) {
      setStatus("off");
      return;
    }
    const uniqueId = uniqueIdOf({ id: identityId, email: identityEmail });
    const authToken = token;
    let socket: Socket | null = null;
    let isCancelled = false;
    setStatus("connecting");

    function receive(notification: Notification, current: NotificationAudience) {
      if (!prependNotification(queryClient, current, notification)) return;
      toast.info(createElement(NotificationToast, { notification }), {
        // One toast per notification, however often it is delivered.
        toastId: `notification-${notification.id}`,
      });
    }

    function open({ io, parseNotification }: typeof import("./socket-client")) {
      const live = io({ query: { authToken }, transports: ["websocket", "polling"] });

      live.on("connect", () => {
        // Every connection (the first and each reconnect) joins the room again. Once the server
        // says it is in, the lists catch up on what was sent before: while the socket was down,
        // or between the page's first fetch and the join, when nothing could reach it live.
        live.emit(SOCKET_EVENTS.connectUser, uniqueId, () => {
          setStatus("live");
          const current = audienceRef.current;
          if (current) void invalidateNotifications(queryClient, current);
        });
      });

      live.on("connect_error", () => {
        // Still active: a network failure the client retries with backoff. Not active: the
        // server refused the handshake ("Invalid or expired token. Please login again."), and
        // asking again with the same token would only be refused again.
        if (live.active) {
          setStatus("connecting");
          return;
        }
        setStatus("refused");
        live.close();
      });

      live.on("disconnect", () => {
        setStatus(live.active ? "connecting" : "off");
      });

      live.on(SOCKET_EVENTS.notification, (payload: unknown) => {
        const notification = parseNotification(payload);
        const current = audienceRef.current;
        if (!notification || !current) return;
        receive(notification, current);
      });
      return live;
    }

    // Loaded on first use: pages without a signed-in user never download the client.
    import("./socket-client")
      .then((client) => {
        if (!isCancelled) socket = open(client);
      })
      .catch(() => {
        if (!isCancelled) setStatus("off");
      });

    return () => {
      isCancelled = true;
      if (!socket) return;
      socket.off();
      // Announce the leave while still connected; close() sends it before the disconnect.
      if (socket.connected) socket.emit(SOCKET_EVENTS.disconnectAndLeaveRoom);
      socket.close();
    };
  }, [audienceKey, identityId, identityEmail, token, queryClient]);

  return status;
}
