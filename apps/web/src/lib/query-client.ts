import { QueryClient } from "@tanstack/react-query";

/**
 * Query settings from the spec (§9). The client keeps TanStack Query's defaults: 3 retries
 * with doubling backoff from 1 s capped at 30 s, 5 minutes cache lifetime.
 */

/** Customer-area queries: retry twice, fresh for 15 minutes. Spread into queryOptions. */
export const customerQueryDefaults = { retry: 2, staleTime: 15 * 60 * 1000 } as const;

/** Reset / invitation token checks: retry once. */
export const tokenCheckQueryDefaults = { retry: 1 } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient();
}
