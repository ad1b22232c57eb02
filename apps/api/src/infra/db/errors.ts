/** The PostgreSQL error codes on a failure and its wrapped causes (either driver wraps). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === "object" && "code" in current && typeof current.code === "string") {
      codes.push(current.code);
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return codes;
}

/** True when a query failed on a unique index (PostgreSQL 23505), whichever driver ran it. */
export function isUniqueViolation(error: unknown): boolean {
  return errorCodes(error).includes("23505");
}

/**
 * True for the failures PostgreSQL asks the client to retry: a deadlock (40P01) or a
 * serialization failure (40001). The transaction was rolled back whole, so running it again
 * is safe.
 */
export function isRetryableConflict(error: unknown): boolean {
  return errorCodes(error).some((code) => code === "40P01" || code === "40001");
}

/**
 * Inserts a row whose unique key (an e-mail) must be free. `taken` answers the usual case
 * first; a concurrent insert that wins the race between that check and this insert fails on
 * the unique index, and both end in the same `conflict` error.
 */
export async function insertIfFree<T>(
  taken: () => Promise<unknown>,
  insert: () => Promise<T>,
  conflict: () => Error,
): Promise<T> {
  if (await taken()) throw conflict();
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/**
 * The row `find` finds, or the one `insert` creates; when a concurrent insert of the same key
 * wins the race, its row is found again. Undefined only if that row vanished meanwhile.
 */
export async function findOrInsert<T>(
  find: () => Promise<T | undefined>,
  insert: () => Promise<T>,
): Promise<T | undefined> {
  const found = await find();
  if (found) return found;
  try {
    return await insert();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return find();
  }
}
