import { toCents } from "../money.ts";
import { CASHBACK_MESSAGES } from "./messages.ts";
import { isBlank, type NumberInput, parseNumberInput } from "./number-input.ts";

// Without zod: the customer dashboard checks cashback on its first load; cashback.ts builds the
// form and server schemas from these.

/** Chosen: far above any cashback balance, far below the $21 million an integer of cents holds. */
export const MAX_CASHBACK_AMOUNT = 1_000_000;

export type AmountCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * The redeem-cashback amount rules in the spec's order: required, a number above 0 (cents at
 * most: the input steps by 0.01), whole dollars on the merchant side, then not above the
 * balance. Compared in cents so 0.1 + 0.2 of balance covers 0.30.
 */
export function checkCashbackAmount(
  input: NumberInput,
  options: { balance?: number | undefined; wholeDollars?: boolean },
): AmountCheck {
  const parsed = parseNumberInput(input, {
    required: CASHBACK_MESSAGES.amountRequired,
    invalid: CASHBACK_MESSAGES.amountInvalid,
    min: { value: 0, exclusive: true, message: CASHBACK_MESSAGES.amountInvalid },
    ...(options.wholeDollars ? { integer: CASHBACK_MESSAGES.wholeNumbersOnly } : {}),
    decimals: { places: 2, message: CASHBACK_MESSAGES.amountInvalid },
    // No wallet holds this much; the cap keeps the amount's cents inside the database's integer.
    max: { value: MAX_CASHBACK_AMOUNT, message: CASHBACK_MESSAGES.aboveBalance },
  });
  if (!parsed.ok) return parsed;
  if (options.balance !== undefined && toCents(parsed.value) > toCents(options.balance)) {
    return { ok: false, message: CASHBACK_MESSAGES.aboveBalance };
  }
  return parsed;
}

/**
 * Cashback used on an offer purchase: empty means none; at most the offer price ("Cashback
 * amount cannot exceed the offer price.") and at most the balance.
 */
export function checkOfferCashback(
  input: NumberInput,
  options: { balance?: number | undefined; offerPrice?: number | undefined },
): AmountCheck {
  if (isBlank(input)) return { ok: true, value: 0 };
  const parsed = parseNumberInput(input, {
    required: CASHBACK_MESSAGES.amountInvalid,
    min: { value: 0, message: CASHBACK_MESSAGES.amountInvalid },
    decimals: { places: 2, message: CASHBACK_MESSAGES.amountInvalid },
    // No wallet holds this much; the cap keeps the amount's cents inside the database's integer.
    max: { value: MAX_CASHBACK_AMOUNT, message: CASHBACK_MESSAGES.aboveBalance },
  });
  if (!parsed.ok) return parsed;
  const cents = toCents(parsed.value);
  if (options.offerPrice !== undefined && cents > toCents(options.offerPrice)) {
    return { ok: false, message: CASHBACK_MESSAGES.aboveOfferPrice };
  }
  if (options.balance !== undefined && cents > toCents(options.balance)) {
    return { ok: false, message: CASHBACK_MESSAGES.aboveBalance };
  }
  return parsed;
}
