import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "./error-state";
import { LoadingFields } from "./loading-fields";
import { QueryErrorState } from "./query-error-state";

/**
 * One record a screen loads by the id in its address: "not found" when there is no valid id,
 * grey fields in the form's shape while it loads, the error with Retry if the load fails, and
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
  /** The LoadingFields shown while the record loads. */
  loading: { label: string; shapes: readonly string[] };
  children: (record: T) => ReactNode;
}) {
  if (id === null) return <ErrorState message={notFound} />;
  if (query.isPending) return <LoadingFields label={loading.label} shapes={loading.shapes} />;
  if (query.isError) return <QueryErrorState query={query} />;
  return children(query.data);
}
