/** Largest PostgreSQL `integer`: a bigger id cannot exist and would fail the query instead. */
export const MAX_ID = 2_147_483_647;

/**
 * An id written in a URL ("42") as a number, or null; the rule of `idSchema`, without zod, for
 * code on the storefront's first load, which must stay small.
 */
export function parseIdText(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}
