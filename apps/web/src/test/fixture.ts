/**
 * A builder of test records shaped as the API answers: each call makes a fresh record from
 * `defaults` and replaces or adds the fields given in `overrides`.
 */
export function fixture<T extends object>(defaults: () => T) {
  return (overrides: Record<string, unknown> = {}): T => ({ ...defaults(), ...overrides });
}
