import { useQueryClient } from "@tanstack/react-query";
import { CUSTOMER_CHANGED_EVENT } from "@tessera/shared";
import { useEffect } from "react";
import { invalidateCustomerData } from "@/features/payments";
import { buildApiUrl } from "@/lib/api-client";
import { getToken } from "@/lib/token-storage";

/**
 * Live refresh (spec §4 "Real-time"): the customer's Server-Sent Events stream,
 * `GET /events?shopId=&customerId=&token=` (EventSource sends no headers, so the token rides in
 * the query). Every `changed` event refetches what the customer has loaded (the dashboard, the
 * header's balance, the lists), so a redemption at the counter or in another tab shows without
 * a reload. A reconnection refetches as well, since events sent while it was away are lost.
 * Closed when the customer area unmounts (leaving it, logging out) or the customer changes.
 *
 * The browser reconnects by itself after a network drop (the server asks for 3 s); a refused
 * stream (a 401 after logout elsewhere, a 403 when disabled) is not retried.
 */
export function useCustomerEvents(shopId: number, customerId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (customerId === null || typeof EventSource !== "function") return;
    const token = getToken();
    if (!token) return;
    const source = new EventSource(buildApiUrl("/events", { shopId, customerId, token }));
    const refresh = () => void invalidateCustomerData(queryClient, shopId);
    let opened = false;
    const onOpen = () => {
      if (opened) refresh();
      opened = true;
    };
    source.addEventListener("open", onOpen);
    source.addEventListener(CUSTOMER_CHANGED_EVENT, refresh);
    return () => {
      source.removeEventListener("open", onOpen);
      source.removeEventListener(CUSTOMER_CHANGED_EVENT, refresh);
      source.close();
    };
  }, [shopId, customerId, queryClient]);
}
