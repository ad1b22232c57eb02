import type { ReactNode } from "react";
import { EmptyState, Table, type TableColumn } from "@/components/ui";
import type { CsvColumn } from "../csv";
import { FigureCard } from "./figure-card";

/**
 * A figure that is a table alone (lifetime value, benefit use, offers): the table is captioned
 * with the card's title, and the CSV holds the same rows. `footer` stands under the table.
 */
export function TableFigureCard<Row>({
  title,
  description,
  columns,
  rows,
  getRowKey,
  empty,
  footer,
  csvColumns,
  fileName,
}: {
  title: string;
  description: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string | number;
  empty: { title: string; hint?: string };
  footer?: ReactNode;
  csvColumns: readonly CsvColumn<Row>[];
  fileName: string;
}) {
  const table = (
    <Table
      caption={title}
      hideCaption
      columns={columns}
      rows={rows}
      getRowKey={getRowKey}
      empty={<EmptyState {...empty} />}
    />
  );
  return (
    <FigureCard
      title={title}
      description={description}
      table={
        footer ? (
          <div className="flex flex-col gap-4">
            {table}
            {footer}
          </div>
        ) : (
          table
        )
      }
      csv={{ fileName, columns: csvColumns, rows }}
    />
  );
}
