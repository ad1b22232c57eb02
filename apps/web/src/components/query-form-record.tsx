import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useIdParam } from "@/components/id-param";
import { LoadingFields, QueryRecord } from "@/components/ui";

/**
 * The record an edit form opens on (`?id=`): grey blocks in the shape of the form's fields while
 * it loads, its error or "not found", else `children(record)`.
 */
export function QueryFormRecord<T>({
  useRecord,
  notFound,
  loadingLabel,
  fieldShapes,
  children,
}: {
  /** The record's query hook, given the `?id=` (null when missing). */
  useRecord: (id: number | null) => UseQueryResult<T, unknown>;
  notFound: string;
  /** Read to screen readers while it loads, e.g. "Loading offer". */
  loadingLabel: string;
  /** The Skeleton classes of the form's first fields. */
  fieldShapes: readonly string[];
  children: (record: T) => ReactNode;
}) {
  const { id } = useIdParam();
  const query = useRecord(id);
  return (
    <QueryRecord
      id={id}
      query={query}
      notFound={notFound}
      loading={<LoadingFields label={loadingLabel} shapes={fieldShapes} />}
    >
      {children}
    </QueryRecord>
  );
}
