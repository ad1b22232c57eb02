import type { Readable } from "node:stream";
import { MEMBER_IMPORT_MESSAGES as M, MEMBER_IMPORT_MAX_COLUMNS } from "@tessera/shared";
import { parse } from "csv-parse";
import { AppError } from "../../../errors";

/**
 * Reads an uploaded CSV as a stream of records (csv-parse), handing them on in batches: the
 * file is never whole in memory, and while a batch is being stored the parser waits (the
 * stream's back-pressure reaches the upload itself).
 */

export type StagedRow = { rowNo: number; cells: string[] };

const BATCH = 2000;
// A cell longer than this is not a member's field; it bounds what one record can hold.
const MAX_RECORD_BYTES = 64 * 1024;

export async function readCsv(
  file: Readable,
  handlers: {
    onHeader: (header: string[]) => Promise<void>;
    onRows: (rows: StagedRow[]) => Promise<void>;
  },
): Promise<{ rowCount: number }> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  file.pipe(parser);
  // A failing upload stream ends the parse with its error instead of leaving it waiting.
  file.on("error", (error) => parser.destroy(error));
  let header: string[] | null = null;
  let batch: StagedRow[] = [];
  let rowCount = 0;
  let record = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      if (cells.length > MEMBER_IMPORT_MAX_COLUMNS) {
        throw new AppError("BAD_REQUEST", M.tooManyColumns);
      }
      if (!header) {
        header = cells.map((cell) => cell.trim());
        await handlers.onHeader(header);
        continue;
      }
      // A line of only separators (a spreadsheet's trailing rows) is not a member.
      if (cells.every((cell) => cell.trim() === "")) continue;
      rowCount += 1;
      batch.push({ rowNo: record, cells });
      if (batch.length >= BATCH) {
        await handlers.onRows(batch);
        batch = [];
      }
    }
  } catch (error) {
    file.unpipe(parser);
    file.resume();
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("BAD_REQUEST", `${M.fileUnreadable}: ${reason}`);
  }
  await handlers.onRows(batch);
  if (!header || rowCount === 0) throw new AppError("BAD_REQUEST", M.fileEmpty);
  return { rowCount };
}
