/**
 * An instant of the integrations' lists and notices (a key's creation and last use, a delivery,
 * a failing endpoint) as a medium date and short time; `missing` stands where there is none.
 */
export function formatInstant(value: string | null, missing = "—") {
  if (!value) return missing;
  return new Date(value).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
