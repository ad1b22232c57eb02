import { Readable } from "node:stream";
import {
  csvLine,
  csvText,
  formatCalendarDay,
  MEMBER_CSV_FIELDS,
  MEMBER_CSV_PAYMENT_TYPES,
  toCalendarDay,
  todayInTimeZone,
} from "@tessera/shared";
import type { Database } from "../../../infra/db";
import { type MemberExportRow, memberExportBatch } from "../../members/export-rows";
import { findShopTimeZone } from "../../shops/lookups";

const BOM = "\uFEFF";
const BATCH = 2000;

export type MemberExportQuery = {
  active?: boolean | undefined;
  inactive?: boolean | undefined;
  search?: string | undefined;
};

function day(instant: Date | null, timeZone: string): string {
  const calendar = instant ? toCalendarDay(instant, timeZone) : undefined;
  return calendar ? formatCalendarDay(calendar) : "";
}

/** "12.50": dollars without a sign or separators, so a spreadsheet and the import read it. */
function dollars(cents: string): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** One member as the CSV's columns (MEMBER_CSV_FIELDS' order). */
export function memberCsvLine(row: MemberExportRow, timeZone: string): string {
  const renews = row.status === "active" || row.status === "pending";
  return csvLine([
    csvText(row.firstName),
    csvText(row.lastName),
    csvText(row.email),
    // Stored phones are checked ("+15551234567"): no formula can hide in one, and a "'" would
    // spoil the number for every other reader.
    row.phoneNumber ?? "",
    csvText(row.tierName),
    row.plan ?? "",
    day(row.startDate, timeZone),
    renews ? day(row.expireDate, timeZone) : "",
    row.paymentType ? MEMBER_CSV_PAYMENT_TYPES[row.paymentType] : "",
    dollars(row.balanceCents),
    day(row.createdAt, timeZone),
  ]);
}

export function createMemberExport(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    /**
     * The members list as CSV, streamed in keyset batches (the next asked for while this one is
     * written). A shop without members gets the header alone: the import's template.
     */
    async exportMembers(shopId: number, query: MemberExportQuery) {
      const timeZone = (await findShopTimeZone(db, shopId)) ?? "UTC";
      const filter =
        query.active === query.inactive ? "all" : query.active ? "active" : "notActive";
      const batch = (afterId: number) =>
        memberExportBatch(db, shopId, { filter, search: query.search, afterId, limit: BATCH });
      const first = await batch(0);
      async function* lines() {
        yield BOM + csvLine(MEMBER_CSV_FIELDS.map((f) => f.label));
        let rows = first;
        while (rows.length > 0) {
          const last = rows.at(-1);
          const next = rows.length === BATCH && last ? batch(last.id) : undefined;
          // A failed read ends the download; until it is awaited it must not count as unhandled.
          next?.catch(() => {});
          let text = "";
          for (const row of rows) text += memberCsvLine(row, timeZone);
          yield text;
          rows = next ? await next : [];
        }
      }
      return {
        fileName: `members_${todayInTimeZone(timeZone, now())}.csv`,
        body: Readable.from(lines(), { objectMode: false, highWaterMark: 1 }),
      };
    },
  };
}

export type MemberExport = ReturnType<typeof createMemberExport>;
