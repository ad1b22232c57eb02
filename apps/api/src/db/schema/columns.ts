import { type AnyPgColumn, integer, timestamp } from "drizzle-orm/pg-core";

/**
 * Column groups many tables share. Each is a function: a drizzle column belongs to one table,
 * so every table needs its own. The SQL they make is the SQL the columns made when they were
 * written out in each table (the migrations do not change).
 *
 * This file names no table, so every table file can use it; the columns that point at a shop,
 * a user or a customer live in owner-columns.ts and customer-columns.ts (a table file may not
 * import the file that imports it).
 */

/** Every moment is stored with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => at("created_at").notNull().defaultNow();

export const updatedAt = () => at("updated_at").notNull().defaultNow();

/** When the row was made and last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

export const identityId = () => integer("id").primaryKey().generatedAlwaysAsIdentity();

/** A whole number that is 0 until something adds to it (counts, amounts that may be none). */
export const startsAtZero = (name: string) => integer(name).notNull().default(0);

/** The column another row's link points at (lazily: tables may point at each other). */
type Target = () => AnyPgColumn;

/** A required link to another row; unless told otherwise, the row goes when that row goes. */
export const belongsTo = (
  name: string,
  target: Target,
  onDelete: "cascade" | "restrict" = "cascade",
) => integer(name).notNull().references(target, { onDelete });

/** The key of a row that exists once per other row (its settings, its progress) and goes with it. */
export const keyedBy = (name: string, target: Target) =>
  integer(name).primaryKey().references(target, { onDelete: "cascade" });
