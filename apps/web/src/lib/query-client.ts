import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

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

/**
 * Retries like TanStack's default (3 times) but never for a 4xx answer: a shop that does not
 * exist or a request the server refused will not change by asking again.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** Customer-area queries: twice at most (spec §9), and never for a 4xx answer. */
export function retryCustomerQuery(failureCount: number, error: unknown): boolean {
  return failureCount < customerQueryDefaults.retry && retryUnlessClientError(failureCount, error);
}
