import { z } from "zod";
import { checkCashbackAmount, checkOfferCashback } from "./cashback-check.ts";
import { checkedNumberField, idSchema } from "./common.ts";

// The checks themselves need no schema library, so screens can use them without loading one.
export {
  type AmountCheck,
  checkCashbackAmount,
  checkOfferCashback,
  MAX_CASHBACK_AMOUNT,
} from "./cashback-check.ts";

/** Without a balance, only the amount's own rules apply (the server checks the ledger). */
function cashbackAmountField(options: { balance?: number; wholeDollars?: boolean }) {
  return checkedNumberField((input) => checkCashbackAmount(input, options));
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

function offerCashbackField(options: { balance?: number; offerPrice?: number }) {
  return checkedNumberField((input) => checkOfferCashback(input, options));
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
