import { csvField } from "@tessera/shared";
import { type SQL, sql } from "drizzle-orm";

/*
 * The CSV export's cells, written by the database. An export of a busy shop's year is a million
 * lines: built in SQL they reach Node as one text column per row, so the server only copies
 * bytes and holds one batch of strings, not a million mapped rows. Each cell is the SQL twin of
 * csvField() over a function of @tessera/shared (csvText, formatCents, formatShortDate); a test
 * runs both over the same values. Each cell evaluates its value once: a million rows make every
 * repeated expression count.
 */

/** A quote, comma, CR or LF: the cell must be quoted (RFC 4180). */
const NEEDS_QUOTES = sql.raw(`'[",\\r\\n]'`);

/** csvField(value) for text that is not typed by people (a provider's id); null → "". */
export function csvFieldCellSql(value: SQL): SQL<string> {
  return sql<string>`(case when ${value} ~ ${NEEDS_QUOTES} then '"' || replace(${value}, '"', '""') || '"' else coalesce(${value}, '') end)`;
}

/**
 * csvField(csvText(value)) for text typed by people: a leading =, +, -, @, tab or CR gets a "'"
 * so a spreadsheet shows it instead of running it. The "'" never needs quotes itself, so the
 * quoting is decided on the value as typed.
 */
export function csvTextCellSql(value: SQL): SQL<string> {
  const text = sql`(case when ${value} ~ '^[=+\\-@\\t\\r]' then '''' || ${value} else coalesce(${value}, '') end)`;
  return sql<string>`(case when ${value} ~ ${NEEDS_QUOTES} then '"' || replace(${text}, '"', '""') || '"' else ${text} end)`;
}

/** csvField(formatCents(cents)): "$5.00", "-$5.00", and quoted from "$1,000.00" on (the comma). */
export function csvMoneyCellSql(cents: SQL): SQL<string> {
  const money = sql`(case when ${cents} < 0 then '-$' else '$' end || to_char(abs(${cents}) / 100.0, 'FM999,999,999,999,990.00'))`;
  return sql<string>`(case when abs(${cents}) >= 100000 then '"' || ${money} || '"' else ${money} end)`;
}

/** csvField(formatShortDate(instant, timeZone)): "5 Sep, 2024" in the zone, always quoted. */
export function csvDateCellSql(instant: SQL, timeZone: string): SQL<string> {
  return sql<string>`('"' || to_char(${instant} at time zone ${timeZone}, 'FMDD Mon, YYYY') || '"')`;
}

/** A label from a TypeScript map (escaped here once), so the labels stay written in one place. */
export function csvLabelCellSql(value: SQL, labels: Record<string, string>): SQL<string> {
  const cases = Object.entries(labels).map(
    ([key, label]) =>
      sql`when ${sql.raw(quoteLiteral(key))} then ${sql.raw(quoteLiteral(csvField(label)))}`,
  );
  return sql<string>`(case ${value} ${sql.join(cases, sql` `)} end)`;
}

/** A constant of our own code as an SQL literal: inlined, it keeps the statement plannable once. */
function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** One CSV line of cells already escaped, ending in CRLF. */
export function csvLineSql(cells: SQL[]): SQL<string> {
  return sql<string>`(${sql.join(cells, sql` || ',' || `)} || E'\\r\\n')`;
}
