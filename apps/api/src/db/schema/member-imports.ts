import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  varchar,
} from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, startsAtZero } from "./columns";
import { shopOwned, userLink } from "./owner-columns";

/**
 * A member import (issue 18): the uploaded CSV's rows are kept in `member_import_rows` (never the
 * whole file in memory, and any instance can run the job), the mapping and the dry run's counts
 * here. `uploaded` → `checked` (dry run) → `queued` → `running` → `done`; `leaseUntil` lets
 * another instance take over a run whose worker died, from the first row without an outcome.
 */
export const memberImports = pgTable(
  "member_imports",
  {
    ...shopOwned(),
    /** Who uploaded it: progress goes to their socket room, the summary to their notifications. */
    userId: userLink("user_id"),
    fileName: varchar("file_name", { length: 200 }).notNull(),
    status: varchar("status", {
      length: 16,
      enum: ["uploaded", "checked", "queued", "running", "done", "failed"],
    })
      .notNull()
      .default("uploaded"),
    header: jsonb("header").$type<string[]>().notNull(),
    rowCount: startsAtZero("row_count"),
    mapping: jsonb("mapping").$type<(string | null)[]>(),
    sendInvitations: boolean("send_invitations").notNull().default(false),
    toCreate: startsAtZero("to_create"),
    toUpdate: startsAtZero("to_update"),
    unchanged: startsAtZero("unchanged"),
    invalid: startsAtZero("invalid"),
    toImport: startsAtZero("to_import"),
    processed: startsAtZero("processed"),
    created: startsAtZero("created"),
    updated: startsAtZero("updated"),
    failed: startsAtZero("failed"),
    error: text("error"),
    leaseUntil: at("lease_until"),
    createdAt: createdAt(),
    finishedAt: at("finished_at"),
  },
  (t) => [
    index("member_imports_shop_idx").on(t.shopId, t.createdAt),
    index("member_imports_waiting_idx")
      .on(t.status)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** One CSV line of an import: its cells as read, then the dry run's verdict and the outcome. */
export const memberImportRows = pgTable(
  "member_import_rows",
  {
    importId: belongsTo("import_id", () => memberImports.id),
    /** The line in the file as a spreadsheet numbers it (the header is 1). */
    rowNo: integer("row_no").notNull(),
    cells: text("cells").array().notNull(),
    email: varchar("email", { length: 254 }).notNull().default(""),
    action: varchar("action", { length: 12, enum: ["create", "update", "unchanged", "error"] }),
    errors: jsonb("errors").$type<{ field: string; message: string }[]>(),
    outcome: varchar("outcome", {
      length: 12,
      enum: ["created", "updated", "unchanged", "failed"],
    }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNo] })],
);

export type MemberImportRecord = typeof memberImports.$inferSelect;
export type MemberImportRowRecord = typeof memberImportRows.$inferSelect;
