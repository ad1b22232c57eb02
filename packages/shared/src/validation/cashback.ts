import { z } from "zod";
import { toCents } from "../money.ts";
import { idSchema, isBlank, type NumberInput, parseNumberInput } from "./common.ts";
import { CASHBACK_MESSAGES } from "./messages.ts";

/** Chosen: far above any cashback balance, far below the $21 million an integer of cents holds. */
export const MAX_CASHBACK_AMOUNT = 1_000_000;

type AmountCheck = { ok: true; value: number } | { ok: false; message: string };

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

/** Without a balance, only the amount's own rules apply (the server checks the ledger). */
function cashbackAmountField(options: { balance?: number; wholeDollars?: boolean }) {
  return z
    .union([z.number(), z.string()])
    .nullish()
    .transform((input, ctx): number => {
      const result = checkCashbackAmount(input, options);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.message, input });
      return z.NEVER;
    });
}

/** Customer Redeem Cashback modal: cents allowed, up to `balance` dollars. */
export function makeCustomerCashbackSchema(balance: number) {
  return z.object({ amount: cashbackAmountField({ balance }) });
}

/** Merchant Redeem Cashback modal: whole dollars only, up to the member's `balance`. */
export function makeMerchantCashbackSchema(balance: number) {
  return z.object({ amount: cashbackAmountField({ balance, wholeDollars: true }) });
}
export type CashbackRedeemInput = z.input<ReturnType<typeof makeCustomerCashbackSchema>>;
export type CashbackRedeemValues = z.output<ReturnType<typeof makeCustomerCashbackSchema>>;

/** POST /customer/redemptions/create-cashback-redemption/{id}?price=… */
export const customerCashbackRedemptionQuerySchema = z.object({ price: cashbackAmountField({}) });
export type CustomerCashbackRedemptionQuery = z.output<
  typeof customerCashbackRedemptionQuerySchema
>;

/** POST /merchant-redemptions/create-cashback-redemption?customerId=…&price=… */
export const merchantCashbackRedemptionQuerySchema = z.object({
  customerId: idSchema,
  price: cashbackAmountField({ wholeDollars: true }),
});
export type MerchantCashbackRedemptionQuery = z.output<
  typeof merchantCashbackRedemptionQuerySchema
>;

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

function offerCashbackField(options: { balance?: number; offerPrice?: number }) {
  return z
    .union([z.number(), z.string()])
    .nullish()
    .transform((input, ctx): number => {
      const result = checkOfferCashback(input, options);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.message, input });
      return z.NEVER;
    });
}

/** Offer purchase modal: `cashbackUsed`, limited by the balance and the offer price. */
export function makeOfferCashbackSchema(options: { balance: number; offerPrice: number }) {
  return z.object({ cashbackUsed: offerCashbackField(options) });
}
export type OfferCashbackInput = z.input<ReturnType<typeof makeOfferCashbackSchema>>;

/**
 * POST customer/offers/purchase-offer/{id}: offerId and cashbackUsed (dollars, default 0).
 * The server caps it with `applyCashback` against the ledger and the offer price.
 */
export const purchaseOfferPayloadSchema = z.object({
  offerId: idSchema,
  cashbackUsed: offerCashbackField({}),
});
export type PurchaseOfferPayload = z.output<typeof purchaseOfferPayloadSchema>;
