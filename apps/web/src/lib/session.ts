import { toast } from "@/lib/toast";
import { getLoginPathFor } from "./session-routes";
import { removeToken } from "./token-storage";

export const SESSION_EXPIRED_MESSAGE = "Invalid or expired token. Please login again.";
const SESSION_EXPIRED_TOAST_ID = "session-expired";

type Navigate = (to: string) => void;

let navigateForSessionEnd: Navigate | null = null;

/**
 * The root layout registers the router's navigate here so ending a session is a client-side
 * navigation. Returns an unregister function.
 */
export function setSessionNavigator(navigate: Navigate | null): () => void {
  navigateForSessionEnd = navigate;
  return () => {
    if (navigateForSessionEnd === navigate) navigateForSessionEnd = null;
  };
}

/**
 * Ends the session after the server said the stored token is no longer valid (DOMAIN.md
 * "Session ends"): forget the token, tell the user once, and go to the login page of where
 * they were (`/{shopId}/login` under a shop, else `/`).
 */
export function endSession(): void {
  removeToken();
  // A fixed toastId keeps several failing queries from stacking the same toast.
  toast.error(SESSION_EXPIRED_MESSAGE, { toastId: SESSION_EXPIRED_TOAST_ID });
  const loginPath = getLoginPathFor(window.location.pathname);
  if (navigateForSessionEnd) navigateForSessionEnd(loginPath);
  else window.location.assign(loginPath);
}
