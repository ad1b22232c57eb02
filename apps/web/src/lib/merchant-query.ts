import { type QueryKey, queryOptions, useQuery } from "@tanstack/react-query";
import { retryUnlessClientError } from "./query-client";
import { hasMerchantSession } from "./token-storage";

/**
 * A merchant-area read: fresh for a minute, and not asked again after a 4xx (the server's
 * answer will not change by retrying).
 */
export function merchantQueryOptions<T, K extends QueryKey>(
  queryKey: K,
  fetch: (signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}

/** Runs a merchant-area read; idle without a merchant session. */
export function useMerchantQuery<T, K extends QueryKey>(
  options: ReturnType<typeof merchantQueryOptions<T, K>>,
) {
  return useQuery({ ...options, enabled: hasMerchantSession() });
}
