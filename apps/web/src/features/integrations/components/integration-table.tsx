import type { ReactNode } from "react";
import {
  Card,
  CardHeader,
  EmptyState,
  ErrorState,
  Table,
  type TableColumn,
  type TableProps,
} from "@/components/ui";

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

/** The last column of an integration list: the row's buttons, named for screen readers only. */
export function actionsColumn<Row>(cell: TableColumn<Row>["cell"]): TableColumn<Row> {
  return { key: "actions", header: <span className="sr-only">Actions</span>, align: "right", cell };
}

/**
 * The integrations' lists (keys, endpoints, deliveries): the rows of one query, each known by
 * its id, in a table whose caption is for screen readers, skeleton rows while it loads, an
 * empty state with the list's icon, LoadFailed when it failed.
 */
export function IntegrationTable<Row extends { id: number }>({
  query,
  errorMessage,
  empty,
  ...table
}: {
  query: ListQuery;
  errorMessage: string;
  empty: { title: string; hint: string; icon: ReactNode };
} & Pick<TableProps<Row>, "caption" | "columns" | "rows" | "loadingRows">) {
  if (query.isError) return <LoadFailed query={query} message={errorMessage} />;
  return (
    <Table
      {...table}
      getRowKey={(row) => row.id}
      hideCaption
      loading={query.isPending}
      empty={<EmptyState title={empty.title} hint={empty.hint} icon={empty.icon} />}
    />
  );
}

/**
 * A section of the Integrations page (API keys, webhooks): its heading and description, the
 * controls that add to its list, the list, then whatever opens from it (details, dialogs).
 */
export function IntegrationSection({
  title,
  description,
  controls,
  list,
  children,
}: {
  title: string;
  description: string;
  controls: ReactNode;
  list: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} headingLevel={2} description={description} className="mb-4" />
      {controls}
      <div className="mt-6">{list}</div>
      {children}
    </Card>
  );
}
