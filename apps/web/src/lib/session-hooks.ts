import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { setSessionNavigator } from "./session";
import { getShopIdFromPath, isSessionTokenRoute } from "./session-routes";
import { customerScope, MERCHANT_SCOPE, removeToken, setToken } from "./token-storage";

export const TOKEN_QUERY_PARAM = "token";
export const ERROR_QUERY_PARAM = "error";

/**
 * When `pathname` is a session-token route and `search` carries `token`, stores it as the
 * session token and returns the search string without it (other parameters kept, "" or
 * "?…"). Returns null when there is nothing to take. Under a shop (`/{shopId}/login`,
 * `/{shopId}/register`: the customer Google return) it is that shop's customer's token;
 * elsewhere a merchant's.
 */
export function takeSessionToken(pathname: string, search: string): string | null {
  if (!isSessionTokenRoute(pathname)) return null;
  const params = new URLSearchParams(search);
  const token = params.get(TOKEN_QUERY_PARAM);
  if (token === null) return null;
  if (token) {
    const shopId = getShopIdFromPath(pathname);
    setToken(token, shopId === null ? MERCHANT_SCOPE : customerScope(shopId));
  }
  params.delete(TOKEN_QUERY_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/**
 * For the first page load, before the router exists, so route loaders and the first queries
 * already see the token and the address bar never keeps it.
 */
export function captureSessionTokenFromWindow(): void {
  const { pathname, search, hash } = window.location;
  const rest = takeSessionToken(pathname, search);
  if (rest === null) return;
  window.history.replaceState(window.history.state, "", `${pathname}${rest}${hash}`);
}

/**
 * Mounted in the root layout: takes a session token from the URL on in-app navigations too.
 * A layout effect, so it runs before the new page's queries start (those start in passive
 * effects).
 */
export function useSessionTokenCapture(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const rest = takeSessionToken(location.pathname, location.search);
    if (rest === null) return;
    navigate(
      { pathname: location.pathname, search: rest, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);
}

/** Mounted in the root layout: a 401 that ends the session navigates inside the SPA. */
export function useSessionNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => setSessionNavigator((to) => navigate(to, { replace: true })), [navigate]);
}

/**
 * For pages whose `token` parameter is a reset or invitation token (reset password, set
 * password): any stored session is cleared on opening (DOMAIN.md).
 */
export function useClearSessionOnOpen(): void {
  useLayoutEffect(() => {
    removeToken();
  }, []);
}

/**
 * Login and sign-up pages: an `error` parameter (third-party sign-in return) shows an error
 * toast with its text once, then leaves the address bar.
 */
export function useErrorParamToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const message = params.get(ERROR_QUERY_PARAM);
    if (message === null) return;
    if (message.trim()) toast.error(message, { toastId: `url-error:${message}` });
    params.delete(ERROR_QUERY_PARAM);
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);
}
