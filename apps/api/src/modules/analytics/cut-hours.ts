import { type SQL, sql } from "drizzle-orm";

/**
 * The standing rollup sums spans by the hour. An hour that a bucket boundary falls inside (a
 * "cut hour") cannot be taken whole, so the readers take its spans one by one instead.
 */
export const HOUR_MS = 3_600_000;

/** The start of the hour an instant falls in. */
export function hourOf(at: number): number {
  return Math.floor(at / HOUR_MS) * HOUR_MS;
}

/** The distinct hours the boundaries fall in. */
export function cutHoursOf(boundaries: number[]): number[] {
  return [...new Set(boundaries.map(hourOf))];
}

/** SQL: the column's instant lies inside one of the cut hours. `column` is a column name. */
export function inCutHours(column: string, cutHours: number[]): SQL {
  return sql.join(
    cutHours.map(
      (h) =>
        sql`(${sql.raw(column)} >= ${new Date(h)} and ${sql.raw(column)} < ${new Date(h + HOUR_MS)})`,
    ),
    sql` or `,
  );
}
