import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import {
  EmptyState,
  ListPager,
  QueryErrorState,
  Table,
  type TableColumn,
  useIsPhone,
} from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";

/**
 * One page of a customer's history (the Billing and Redemptions tabs): a table on larger
 * screens and cards on phones, a pager under it, loading and error states, and an empty
 * state when there is nothing at all. The tab supplies its query, columns, cards and words.
 */
export function PagedHistory<Row extends { id: number }, Data extends { total: number }>({
  caption,
  query,
  rowsOf,
  columns,
  cards,
  empty,
  page,
  pageSize,
  onPageChange,
}: {
  caption: string;
  query: UseQueryResult<Data, unknown>;
  rowsOf: (data: Data) => Row[];
  columns: TableColumn<Row>[];
  cards: (rows: Row[]) => ReactNode;
  empty: { icon: ReactNode; title: string; hint: string };
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const isPhone = useIsPhone();
  const { t } = useT();
  if (query.isPending) {
    return (
      <Table
        caption={caption}
        hideCaption
        columns={columns}
        rows={[]}
        getRowKey={() => 0}
        loading
      />
    );
  }
  if (query.isError) return <QueryErrorState query={query} />;
  const rows = rowsOf(query.data);
  const { total } = query.data;
  if (total === 0 && page === 1) {
    return (
      <div className="rounded-card border border-line border-dashed bg-surface">
        <EmptyState icon={empty.icon} title={empty.title} hint={empty.hint} />
      </div>
    );
  }
  return (
    <div aria-busy={query.isPlaceholderData || undefined}>
      {isPhone ? (
        cards(rows)
      ) : (
        <Table
          caption={caption}
          hideCaption
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          empty={empty.title}
        />
      )}
      <ListPager
        className="pt-4"
        label={t("{list} pages", { list: caption })}
        page={page}
        pageSize={pageSize}
        total={total}
        loading={query.isPlaceholderData}
        onPageChange={onPageChange}
      />
    </div>
  );
}
