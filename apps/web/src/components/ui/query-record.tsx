import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "./error-state";
import { QueryErrorState } from "./query-error-state";

/**
 * One record a screen loads by the id in its address: "not found" when there is no valid id,
 * `loading` while it loads, the error with Retry if the load fails, and
 * else `children` with the record.
 */
export function QueryRecord<T>({
  id,
  query,
  notFound,
  loading,
  children,
}: {
  id: number | null;
  query: UseQueryResult<T, unknown>;
  notFound: string;
  /** Shown while the record loads: grey blocks in the shape of what comes. */
  loading: ReactNode;
  children: (record: T) => ReactNode;
}) {
  if (id === null) return <ErrorState message={notFound} />;
  if (query.isPending) return loading;
  if (query.isError) return <QueryErrorState query={query} />;
  return children(query.data);
}
