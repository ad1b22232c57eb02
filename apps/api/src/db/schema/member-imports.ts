import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { shops, users } from "./shops";

/**
 * A member import (issue 18): the uploaded CSV's rows are kept in `member_import_rows` (never the
 * whole file in memory, and any instance can run the job), the mapping and the dry run's counts
 * here. `uploaded` → `checked` (dry run) → `queued` → `running` → `done`; `leaseUntil` lets
 * another instance take over a run whose worker died, from the first row without an outcome.
 */
export const memberImports = pgTable(
  "member_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    /** Who uploaded it: progress goes to their socket room, the summary to their notifications. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: varchar("file_name", { length: 200 }).notNull(),
    status: varchar("status", {
      length: 16,
      enum: ["uploaded", "checked", "queued", "running", "done", "failed"],
    })
      .notNull()
      .default("uploaded"),
    header: jsonb("header").$type<string[]>().notNull(),
    rowCount: integer("row_count").notNull().default(0),
    mapping: jsonb("mapping").$type<(string | null)[]>(),
    sendInvitations: boolean("send_invitations").notNull().default(false),
    toCreate: integer("to_create").notNull().default(0),
    toUpdate: integer("to_update").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    toImport: integer("to_import").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    error: text("error"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
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
    importId: integer("import_id")
      .notNull()
      .references(() => memberImports.id, { onDelete: "cascade" }),
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
