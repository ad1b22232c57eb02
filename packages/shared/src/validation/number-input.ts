/**
 * Numbers typed into forms or sent as JSON, checked without a schema library: the storefront and
 * the customer dashboard use these on their first load (validation/common.ts builds zod schemas
 * from them for the forms and the server).
 */

/** Strings that `Number()` would accept but are not plain decimals ("1e3", "0x10", "Infinity"). */
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

export type NumberRules = {
  /** Empty, missing or not a number at all. */
  required: string;
  /** Text that is not a plain decimal number; defaults to `required`. */
  invalid?: string;
  /** Smallest value; `exclusive` makes it "greater than". */
  min?: { value: number; exclusive?: boolean; message: string };
  max?: { value: number; exclusive?: boolean; message: string };
  /** Whole numbers only. */
  integer?: string;
  /** At most this many decimal places. */
  decimals?: { places: number; message: string };
};

export type NumberInput = number | string | null | undefined;

export type NumberParseResult = { ok: true; value: number } | { ok: false; message: string };

/** Whether `value` has at most `places` decimals, tolerant of binary floating-point noise. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * Reads a number typed into a form (string) or sent as JSON (number) and applies `rules` in the
 * order required → invalid → min → integer → decimals → max, returning the first failure.
 */
export function parseNumberInput(input: NumberInput, rules: NumberRules): NumberParseResult {
  const invalid = rules.invalid ?? rules.required;
  let value: number;
  if (input === null || input === undefined) return { ok: false, message: rules.required };
  if (typeof input === "string") {
    const text = input.trim();
    if (text === "") return { ok: false, message: rules.required };
    if (!DECIMAL_TEXT.test(text)) return { ok: false, message: invalid };
    value = Number(text);
  } else {
    // react-hook-form's valueAsNumber turns an empty input into NaN
    if (Number.isNaN(input)) return { ok: false, message: rules.required };
    value = input;
  }
  if (!Number.isFinite(value)) return { ok: false, message: invalid };
  const { min, max } = rules;
  if (min && (min.exclusive ? value <= min.value : value < min.value)) {
    return { ok: false, message: min.message };
  }
  if (rules.integer !== undefined && !Number.isInteger(value)) {
    return { ok: false, message: rules.integer };
  }
  if (rules.decimals && !hasAtMostDecimals(value, rules.decimals.places)) {
    return { ok: false, message: rules.decimals.message };
  }
  if (max && (max.exclusive ? value >= max.value : value > max.value)) {
    return { ok: false, message: max.message };
  }
  return { ok: true, value };
}

/** Empty form input: missing, null, blank text or the NaN of an empty number input. */
export function isBlank(input: unknown): boolean {
  return (
    input === undefined ||
    input === null ||
    (typeof input === "string" && input.trim() === "") ||
    (typeof input === "number" && Number.isNaN(input))
  );
}
