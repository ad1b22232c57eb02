import type { ReactNode } from "react";
import {
  EmptyState,
  ListPager,
  PhoneList,
  QueryErrorState,
  Skeleton,
  Table,
  type TableColumn,
} from "@/components/ui";
import { cn } from "@/lib/cn";

/**
 * A page of records from a paged query: its error (with Retry), an empty card, or the count
 * ("1 record", "1,234 records"), the table (a list on phones) and the pager. While the next
 * page loads the current one stays, dimmed.
 */
export function PagedRecords<Row>({
  label,
  noun,
  query,
  rows,
  total,
  page,
  pageSize,
  onPage,
  columns,
  getRowKey,
  errorTitle = `Could not load the ${noun[1]}`,
  empty,
  phone,
}: {
  /** The table's caption and the list's name (the pager adds " pages"). */
  label: string;
  noun: [singular: string, plural: string];
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  rows: readonly Row[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  columns: TableColumn<Row>[];
  getRowKey: (row: Row) => number;
  /** Above the error; "Could not load the records" (the plural noun) by default. */
  errorTitle?: string;
  empty: { title: string; hint: string };
  phone: {
    title: (row: Row) => ReactNode;
    amount: (row: Row) => ReactNode;
    details: (row: Row) => ReactNode;
  };
}) {
  if (query.isError) return <QueryErrorState query={query} title={errorTitle} />;
  if (!query.isPending && total === 0) {
    return (
      <div className="rounded-card border border-line bg-surface shadow-card">
        <EmptyState title={empty.title} hint={empty.hint} />
      </div>
    );
  }
  return (
    <div
      className={cn(
        "flex flex-col gap-3 transition-opacity",
        query.isPlaceholderData && "opacity-60",
      )}
      aria-busy={query.isFetching || undefined}
    >
      <div className="text-fg-muted text-sm" aria-live="polite">
        {query.isPending ? (
          <Skeleton className="h-5 w-32" />
        ) : (
          `${total.toLocaleString("en-US")} ${total === 1 ? noun[0] : noun[1]}`
        )}
      </div>
      <Table
        caption={label}
        hideCaption
        columns={columns}
        rows={rows}
        getRowKey={getRowKey}
        loading={query.isPending}
        className="max-sm:hidden"
      />
      <PhoneList
        label={label}
        rows={rows}
        getRowKey={getRowKey}
        loading={query.isPending}
        {...phone}
      />
      <ListPager
        label={`${label} pages`}
        page={page}
        pageSize={pageSize}
        total={total}
        loading={query.isFetching}
        onPageChange={onPage}
      />
    </div>
  );
}
