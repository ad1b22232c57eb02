import { useQueryClient } from "@tanstack/react-query";
import {
  type MemberImportProgress,
  type MemberImportResponse,
  SOCKET_EVENTS,
} from "@tessera/shared";
import { useEffect } from "react";
import { getToken } from "@/lib/token-storage";
import { importKeys } from "./api";

/**
 * Live progress of a running import: the server emits `importProgress` to the socket room of
 * the owner who started it after each batch. Each event moves the cached import's progress; the
 * last one ("done") fetches the final counts. The page also polls, so a dropped socket only
 * slows the bar down.
 */
export function useImportProgress(importId: number | null, active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (importId === null || !active || !token) return;
    let closed = false;
    let socket: { off(): void; close(): void } | null = null;
    import("socket.io-client")
      .then(({ io }) => {
        if (closed) return;
        const live = io({ query: { authToken: token }, transports: ["websocket", "polling"] });
        live.on("connect", () => live.emit(SOCKET_EVENTS.connectUser, "member-import"));
        live.on(SOCKET_EVENTS.importProgress, (event: MemberImportProgress) => {
          if (event.importId !== importId) return;
          queryClient.setQueryData<MemberImportResponse>(importKeys.one(importId), (current) =>
            current
              ? {
                  ...current,
                  import: { ...current.import, status: event.status, processed: event.processed },
                }
              : current,
          );
          if (event.status === "done") {
            void queryClient.invalidateQueries({ queryKey: importKeys.one(importId) });
          }
        });
        socket = live;
      })
      .catch(() => {
        // No live channel: the polling carries the progress.
      });
    return () => {
      closed = true;
      socket?.off();
      socket?.close();
    };
  }, [importId, active, queryClient]);
}
