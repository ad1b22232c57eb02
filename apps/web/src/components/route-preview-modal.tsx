import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useIdParam } from "@/components/id-param";
import { QueryRecord, ResponsiveDialog, Skeleton } from "@/components/ui";
import { useGoBack } from "@/lib/use-go-back";

/**
 * A catalogue record (`?id=`) shown read-only as its own route over another page: a card-shaped
 * grey block while it loads, its error or "not found", else `children(record)`. Closing goes back
 * one step (to `fallbackPath` when the app was opened on it).
 */
export function RoutePreviewModal<T>({
  fallbackPath,
  title,
  useRecord,
  notFound,
  loadingClassName,
  children,
}: {
  fallbackPath: string;
  title: string;
  /** The record's query hook, given the `?id=` (null when missing). */
  useRecord: (id: number | null) => UseQueryResult<T, unknown>;
  notFound: string;
  /** The loading block's height. */
  loadingClassName: string;
  children: (record: T) => ReactNode;
}) {
  const { id } = useIdParam();
  const record = useRecord(id);
  const goBack = useGoBack(fallbackPath);
  return (
    <ResponsiveDialog open onOpenChange={(open) => !open && goBack()} title={title}>
      <QueryRecord
        id={id}
        query={record}
        notFound={notFound}
        loading={<Skeleton className={`${loadingClassName} w-full rounded-card`} />}
      >
        {children}
      </QueryRecord>
    </ResponsiveDialog>
  );
}
