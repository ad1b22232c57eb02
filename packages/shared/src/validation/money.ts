import { z } from "zod";
import { hasAtMostDecimals, type NumberRules, numberField } from "./common.ts";

// Apart from money.ts so that formatting a price (the storefront's cards) does not load zod.

type DollarAmountMessages = {
  required?: string;
  invalid?: string;
  decimals?: string;
};

/** Chosen: no single payment, discount or credit in a shop comes near it. */
export const MAX_DOLLAR_AMOUNT = 1_000_000;

/** Chosen defaults for `dollarAmount`. */
export const DOLLAR_AMOUNT_MESSAGES = {
  required: "Enter an amount",
  invalid: "Enter a valid amount",
  positive: "Amount must be greater than $0",
  decimals: "Amount can have at most 2 decimal places",
} as const;

/**
 * A dollar amount (form text or JSON number) with at most two decimals; `positive` demands
 * more than $0, otherwise $0 is allowed. Outputs a number of dollars.
 */
export function dollarAmount(
  options: DollarAmountMessages & { positive?: boolean; positiveMessage?: string } = {},
) {
  const invalid = options.invalid ?? DOLLAR_AMOUNT_MESSAGES.invalid;
  const rules: NumberRules = {
    required: options.required ?? DOLLAR_AMOUNT_MESSAGES.required,
    invalid,
    min: options.positive
      ? {
          value: 0,
          exclusive: true,
          message: options.positiveMessage ?? DOLLAR_AMOUNT_MESSAGES.positive,
        }
      : { value: 0, message: invalid },
    decimals: { places: 2, message: options.decimals ?? DOLLAR_AMOUNT_MESSAGES.decimals },
    // Amounts are stored as integer cents: $1,000,000 keeps far inside them.
    max: { value: MAX_DOLLAR_AMOUNT, message: invalid },
  };
  return numberField(rules);
}

/** A non-negative dollar amount with at most two decimals (API money fields). */
export const dollarAmountSchema = dollarAmount();
/** A dollar amount above $0 with at most two decimals (prices). */
export const positiveDollarAmountSchema = dollarAmount({ positive: true });

/** Response money: a number of dollars with at most two decimals. */
export const moneySchema = z
  .number()
  .refine((value) => hasAtMostDecimals(value, 2), { error: DOLLAR_AMOUNT_MESSAGES.decimals });
