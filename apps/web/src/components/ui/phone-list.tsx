import type { ReactNode } from "react";
import { Skeleton } from "./skeleton";

export interface PhoneListProps<Row> {
  /** Names the list for screen readers (the table's caption). */
  label: string;
  rows: readonly Row[];
  getRowKey: (row: Row) => string | number;
  /** Shows placeholder rows instead of data. */
  loading?: boolean;
  /** Shown in the list when there are no rows. */
  empty?: ReactNode;
  title: (row: Row) => ReactNode;
  amount: (row: Row) => ReactNode;
  /** The other columns, on a line under the title. */
  details: (row: Row) => ReactNode;
}

/**
 * A table's rows as a list below the `sm` breakpoint, where five columns would scroll the item
 * and the amount out of sight: the item and amount first, the other columns on a line below.
 * Pair it with the table given `className="max-sm:hidden"`.
 */
export function PhoneList<Row>({
  label,
  rows,
  getRowKey,
  loading = false,
  empty,
  title,
  amount,
  details,
}: PhoneListProps<Row>) {
  let items: ReactNode;
  if (loading) {
    items = Array.from({ length: 4 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <li key={index} className="flex flex-col gap-2 px-4 py-3">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
      </li>
    ));
  } else if (rows.length === 0 && empty !== undefined) {
    items = <li className="px-4 py-6 text-center text-fg-muted">{empty}</li>;
  } else {
    items = rows.map((row) => (
      <li key={getRowKey(row)} className="flex items-start justify-between gap-3 px-4 py-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-fg">{title(row)}</p>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-fg-muted text-sm">
            {details(row)}
          </div>
        </div>
        <p className="shrink-0 font-semibold text-fg tabular-nums">{amount(row)}</p>
      </li>
    ));
  }
  return (
    <ul
      aria-label={label}
      aria-busy={loading || undefined}
      className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface shadow-card sm:hidden"
    >
      {items}
    </ul>
  );
}
