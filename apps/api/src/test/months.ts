/** Every month from `first` to `last` (both "YYYY-MM", both included), as the charts key them. */
export function monthKeys(first: string, last: string): string[] {
  const keys: string[] = [];
  const month = new Date(`${first}-01T00:00:00Z`);
  for (let key = first; key <= last; key = month.toISOString().slice(0, 7)) {
    keys.push(key);
    month.setUTCMonth(month.getUTCMonth() + 1);
  }
  return keys;
}
