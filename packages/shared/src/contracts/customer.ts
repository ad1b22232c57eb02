import { z } from "zod";
import { paginated, paginationQuerySchema } from "../api.ts";
import { LOCALES } from "../i18n/locales.ts";
import { PAYMENT_TYPES, TRANSACTION_STATUSES } from "../options.ts";
import { idSchema } from "../validation/common.ts";
import { STORE_MESSAGES } from "../validation/messages.ts";
import { moneySchema } from "../validation/money.ts";
import { customerSchema } from "./access.ts";
import { publicTierSchema } from "./catalogue.ts";
import { customerOfferSchema, redemptionSchema, transactionSchema } from "./payments.ts";

/**
 * The signed-in customer's own data (spec §7 "Customer data"). Every `{id}` in these paths is
 * the caller's customer id and every `shopId` the caller's shop: anything else answers 404.
 */

export const CUSTOMER_MESSAGES = {
  /** Chosen: another customer's id, or a customer who no longer exists. */
  customerNotFound: "Customer not found.",
} as const;

/** `{id}` of the customer calls: the caller's own customer id. */
export const customerIdParamsSchema = z.object({ id: idSchema });
/** PUT /customer/profile/language/{id}: the customer's language, one of `LOCALES`. */
export const customerLocaleSchema = z.object({
  locale: z.enum(LOCALES, { error: STORE_MESSAGES.localeInvalid }),
});
/** `{shopId}` of get-customer-transactions: the caller's own shop. */
export const customerShopParamsSchema = z.object({ shopId: idSchema });
/** `?shopId=` of the by-customer lists: a claim the session must match; optional. */
export const customerShopQuerySchema = z.object({ shopId: idSchema.optional() });
/** POST /customer/offers/redeem-offer/{id}?customerOfferId= */
export const redeemOfferQuerySchema = z.object({ customerOfferId: idSchema });
/** POST /customer/redemptions/create-redemption/{id}?benefitId= */
export const createRedemptionQuerySchema = z.object({ benefitId: idSchema });

/** GET /customer/redemptions/get-customer-redemptions/{id}?page=&pageSize= (newest first). */
export const customerRedemptionsResponseSchema = paginated(redemptionSchema, "redemptions");
export type CustomerRedemptionsResponse = z.infer<typeof customerRedemptionsResponseSchema>;

/** GET /customer/transactions/get-customer-transactions/{shopId}?page=&pageSize= (newest first). */
export const customerTransactionsResponseSchema = paginated(transactionSchema, "transactions");
export type CustomerTransactionsResponse = z.infer<typeof customerTransactionsResponseSchema>;

/**
 * A published tier as the customer sees it: `isSubscribed` when it is their current membership
 * (active, cancelled but still running, or awaiting payment) or the one it renews on next.
 */
export const customerTierSchema = publicTierSchema.extend({ isSubscribed: z.boolean() });
export type CustomerTier = z.infer<typeof customerTierSchema>;
/** GET /customer/memberships/get-active-memberships-by-customer/{id}?shopId= */
export const customerTiersResponseSchema = z.object({ memberships: z.array(customerTierSchema) });
export type CustomerTiersResponse = z.infer<typeof customerTiersResponseSchema>;

/** GET /customer/offers/get-active-offers-by-customer/{id}?shopId=: bought, unredeemed, unexpired. */
export const customerOffersResponseSchema = z.object({ offers: z.array(customerOfferSchema) });
export type CustomerOffersResponse = z.infer<typeof customerOffersResponseSchema>;

/** PUT /customer/profile/update-customer-profile/{id} (multipart, as /user/update-user). */
export const updateCustomerProfileResponseSchema = z.object({
  message: z.string(),
  customer: customerSchema,
});
export type UpdateCustomerProfileResponse = z.infer<typeof updateCustomerProfileResponseSchema>;

// ---------------------------------------------------------------- activity

/** What an activity entry records: a payment (purchase or renewal) or a redemption. */
export const CUSTOMER_ACTIVITY_TYPES = [
  "membership_purchase",
  "membership_renewal",
  "offer_purchase",
  "member_payment",
  "benefit_redemption",
  "offer_redemption",
  "cashback_redemption",
] as const;
export type CustomerActivityType = (typeof CUSTOMER_ACTIVITY_TYPES)[number];

/**
 * One entry of the customer's recent activity: their payments to the shop (including declined
 * and refunded ones, with their status) and their redemptions, wherever they were made.
 */
export const customerActivitySchema = z.object({
  /** Unique across both kinds: "transaction-12", "redemption-5". */
  id: z.string(),
  activityType: z.enum(CUSTOMER_ACTIVITY_TYPES),
  date: z.string(),
  /** The membership or offer bought, or the benefit, offer or "Cashback" redeemed. */
  item: z.string(),
  /** The price (payments) or the value redeemed (redemptions). */
  value: moneySchema,
  /** Paid by card or cash; null for redemptions. */
  amountPaid: moneySchema.nullable(),
  /** Cashback paid towards a purchase; 0 for redemptions. */
  cashbackUsed: moneySchema,
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
  /** The payment's status; null for redemptions (they either happened or not). */
  status: z.enum(TRANSACTION_STATUSES).nullable(),
  /** Who did it: the customer's name, or the merchant at the counter. */
  performedBy: z.string(),
});
export type CustomerActivity = z.infer<typeof customerActivitySchema>;

/** GET /customer/profile/get-customer-activity?page=&pageSize= (newest first). */
export const customerActivityQuerySchema = paginationQuerySchema;
export const customerActivityResponseSchema = paginated(customerActivitySchema, "activities");
export type CustomerActivityResponse = z.infer<typeof customerActivityResponseSchema>;

// ---------------------------------------------------------------- live refresh

/**
 * GET /events?shopId=&customerId=&token=: the dashboard's Server-Sent Events stream. EventSource
 * sends no headers, so the session token comes as `token` (an `Authorization` header also works).
 */
export const customerEventsQuerySchema = z.object({
  shopId: idSchema,
  customerId: idSchema,
  token: z.string().max(512).optional(),
});
export type CustomerEventsQuery = z.output<typeof customerEventsQuerySchema>;

export { CUSTOMER_CHANGED_EVENT } from "./events.ts";
