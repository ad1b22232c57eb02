import { type KeyboardEvent, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { Badge, statusTone } from "./badge";
import { Skeleton } from "./skeleton";

export interface TableColumn<Row> {
  /** Unique per table. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: "left" | "center" | "right";
  /** Extra classes for this column's cells (e.g. a min width). */
  className?: string;
  headerClassName?: string;
}

/** A column of figures (money, counts): right-aligned, the digits lined up from row to row. */
export function numberColumn<Row>(
  key: string,
  header: ReactNode,
  cell: TableColumn<Row>["cell"],
): TableColumn<Row> {
  return { key, header, cell, align: "right", className: "tabular-nums" };
}

/**
 * The Status column: each row's status as a badge toned by what it means (statusTone), shown
 * in the words `label` gives (the status itself by default).
 */
export function statusColumn<Row>(
  status: (row: Row) => string,
  label: (row: Row) => ReactNode = status,
): TableColumn<Row> {
  return {
    key: "status",
    header: "Status",
    cell: (row) => <Badge tone={statusTone(status(row))}>{label(row)}</Badge>,
  };
}

/** What a titled column shows of a row; `mono` sets the title or the detail in a code font. */
export interface TitledCellProps {
  title: ReactNode;
  detail: ReactNode;
  mono?: "title" | "detail";
}

/** The row's name with a muted line under it (an e-mail, a key prefix), both cut short to fit. */
export function TitledCell({ title, detail, mono }: TitledCellProps) {
  return (
    <div className="min-w-0">
      <p
        className={cn(
          "truncate",
          mono === "title" ? "font-mono text-fg text-xs" : "font-medium text-fg",
        )}
      >
        {title}
      </p>
      <p className={cn("truncate", mono === "detail" && "font-mono", "text-fg-muted text-xs")}>
        {detail}
      </p>
    </div>
  );
}

/** A list's first column, naming each row in a TitledCell; `className` sets its width. */
export function titledColumn<Row>(
  key: string,
  header: ReactNode,
  className: string,
  lines: (row: Row) => TitledCellProps,
): TableColumn<Row> {
  return { key, header, className, cell: (row) => <TitledCell {...lines(row)} /> };
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row, index: number) => string | number;
  /** Names the table for screen readers; shown above it unless `hideCaption`. */
  caption?: ReactNode;
  hideCaption?: boolean;
  /** Shown in a full-width row when there are no rows (an EmptyState or a short text). */
  empty?: ReactNode;
  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  loadingRows?: number;
  /** Makes rows clickable and keyboard-activatable (Enter). */
  onRowClick?: (row: Row) => void;
  /** Accessible label for a clickable row. */
  getRowLabel?: (row: Row) => string;
  className?: string;
}

const alignClass = { left: "text-left", center: "text-center", right: "text-right" } as const;

/**
 * A semantic table. It scrolls sideways inside its own frame on narrow screens instead of
 * squeezing the columns.
 */
export function Table<Row>({
  columns,
  rows,
  getRowKey,
  caption,
  hideCaption = false,
  empty,
  loading = false,
  loadingRows = 4,
  onRowClick,
  getRowLabel,
  className,
}: TableProps<Row>) {
  const captionId = useId();
  const { t } = useT();

  function handleKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onRowClick?.(row);
    }
  }

  return (
    <section
      className={cn(
        "relative w-full overflow-x-auto rounded-card border border-line bg-surface shadow-card",
        className,
      )}
      // Scrollable regions must be reachable by keyboard.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container needs focus to scroll by keyboard
      tabIndex={0}
      aria-labelledby={caption ? captionId : undefined}
      aria-label={caption ? undefined : t("Table")}
      aria-busy={loading || undefined}
    >
      <table className="w-full border-collapse text-sm">
        {caption ? (
          <caption
            id={captionId}
            className={cn(
              hideCaption ? "sr-only" : "px-4 pt-4 pb-2 text-left font-semibold text-base text-fg",
            )}
          >
            {caption}
          </caption>
        ) : null}
        <thead>
          <tr className="border-line border-b bg-muted/60">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  "whitespace-nowrap px-4 py-3 font-medium text-fg-muted text-xs uppercase tracking-wide",
                  alignClass[column.align ?? "left"],
                  column.headerClassName,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            Array.from({ length: loadingRows }, (_, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <tr key={rowIndex} className="border-line border-b last:border-b-0">
                {columns.map((column) => (
                  <td key={column.key} className="px-4 py-3.5">
                    <Skeleton className="h-4 w-full max-w-40" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-fg-muted">
                {empty ?? t("No data")}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={getRowKey(row, index)}
                className={cn(
                  "border-line border-b transition-colors last:border-b-0",
                  onRowClick && "cursor-pointer hover:bg-muted focus-visible:bg-muted",
                )}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => handleKeyDown(event, row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={onRowClick && getRowLabel ? getRowLabel(row) : undefined}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn(
                      "px-4 py-3.5 align-middle text-fg",
                      alignClass[column.align ?? "left"],
                      column.className,
                    )}
                  >
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
