import type { ReactNode } from "react";
import { EmptyState, ErrorState, Table, type TableProps } from "@/components/ui";

type ListQuery = {
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/** A list that did not load: our own message (not the server's), and Retry. */
export function LoadFailed({ query, message }: { query: ListQuery; message: string }) {
  return (
    <ErrorState
      message={message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

/**
 * The integrations' lists (keys, endpoints, deliveries): the rows of one query in a table whose
 * caption is for screen readers, skeleton rows while it loads, an empty state with the list's
 * icon, LoadFailed when it failed.
 */
export function IntegrationTable<Row>({
  query,
  errorMessage,
  empty,
  ...table
}: {
  query: ListQuery;
  errorMessage: string;
  empty: { title: string; hint: string; icon: ReactNode };
} & Pick<TableProps<Row>, "caption" | "columns" | "rows" | "getRowKey" | "loadingRows">) {
  if (query.isError) return <LoadFailed query={query} message={errorMessage} />;
  return (
    <Table
      {...table}
      hideCaption
      loading={query.isPending}
      empty={<EmptyState title={empty.title} hint={empty.hint} icon={empty.icon} />}
    />
  );
}
