/**
 * Which URLs belong to a shop, and where a `token` query parameter is a session token.
 * Pure functions of the pathname so the rules are unit-tested in one place
 * (DOMAIN.md: "Which `token` query parameter is a session", "Session ends").
 */

/** First path segments that are platform pages; any other first segment is a shop id. */
export const PLATFORM_ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  "merchant",
  "register",
  "pass",
  "verify-email",
  "email-verified",
  "verify-email-to-reset-password",
  "set-password",
  "employee",
  "create-shop",
  "not-found",
  "api",
]);

function splitPath(pathname: string): string[] {
  return pathname.split("/").filter((segment) => segment.length > 0);
}

/** The shop id when the path is under a shop (`/{shopId}/…`), otherwise null. */
export function getShopIdFromPath(pathname: string): string | null {
  const [first] = splitPath(pathname);
  if (first === undefined || PLATFORM_ROUTE_SEGMENTS.has(first)) return null;
  return decodeURIComponent(first);
}

/** The login page for whoever is on `pathname`: the shop's login under a shop, else `/`. */
export function getLoginPathFor(pathname: string): string {
  const shopId = getShopIdFromPath(pathname);
  return shopId === null ? "/" : `/${encodeURIComponent(shopId)}/login`;
}

/**
 * True where a `token` query parameter is the session token: `/`, `/register`,
 * `/{shopId}/login`, `/{shopId}/register` and `/merchant/*`. Everywhere else (notably the
 * reset and set-password pages, where it is a one-time reset or invitation token) it is not.
 */
export function isSessionTokenRoute(pathname: string): boolean {
  const segments = splitPath(pathname);
  const [first, second] = segments;
  if (first === undefined) return true;
  if (first === "merchant") return true;
  if (segments.length === 1) return first === "register";
  if (segments.length === 2 && !PLATFORM_ROUTE_SEGMENTS.has(first)) {
    return second === "login" || second === "register";
  }
  return false;
}
