import { type ClassValue, clsx } from "clsx";

/** Joins class names. Later classes do not override earlier ones by specificity, so callers
 *  pass layout extras (margins, widths), not conflicting colours. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
