import { keyMayCall } from "./service";

type Operation = { security?: Record<string, string[]>[] };
type Document = { paths?: Record<string, Record<string, Operation>> };

/**
 * Marks every operation an API key may call with the `apiKeyAuth` scheme beside the session's:
 * the merchant routes a session reaches, minus the people-only and customer ones.
 */
export function documentApiKeys<T>(document: T): T {
  const paths = (document as Document).paths ?? {};
  for (const [path, operations] of Object.entries(paths)) {
    const url = path.replace(/\{(\w+)\}/g, ":$1");
    for (const op of Object.values(operations)) {
      const security = op.security;
      if (!security?.some((s) => "bearerAuth" in s) || !keyMayCall(url)) continue;
      op.security = [...security, { apiKeyAuth: [] }];
    }
  }
  return document;
}
