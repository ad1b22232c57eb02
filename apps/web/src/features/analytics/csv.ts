import { csvLine, csvText } from "@tessera/shared";
import { saveBlob } from "@/lib/save-file";

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null };

/** The CSV text of a figure's table: UTF-8 with a byte-order mark, CRLF lines (as the reports). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [csvLine(columns.map((c) => c.header))];
  for (const row of rows) {
    // Names typed by people cannot start a spreadsheet formula; numbers stay numbers.
    lines.push(
      csvLine(
        columns.map((c) => {
          const value = c.value(row);
          return typeof value === "string" ? csvText(value) : value;
        }),
      ),
    );
  }
  return `\uFEFF${lines.join("")}`;
}

/** Saves the text as a file through a temporary link. */
export function saveCsv(fileName: string, text: string) {
  saveBlob(new Blob([text], { type: "text/csv;charset=utf-8" }), fileName);
}
