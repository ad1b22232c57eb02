import { z } from "zod";
import { MAX_ID } from "../ids.ts";
import {
  CUSTOMER_MEMBERSHIP_STATUSES,
  PAYMENT_TYPES,
  REDEMPTION_TYPES,
  RENEWALS,
  TRANSACTION_STATUSES,
} from "../options.ts";
import { idSchema } from "../validation/common.ts";
import { moneySchema } from "../validation/money.ts";
import { customerSchema } from "./access.ts";
import { CHECKOUT_TYPES, PAYMENT_PROVIDERS } from "./payment-texts.ts";

/**
 * Card payments, customer memberships, the cashback wallet and notifications (spec §4 "Payment",
 * §7 "Card payment provider"; DOMAIN "Customer memberships", "Cashback wallet"). Money is dollars
 * in the API, integer cents on the server. Instants are ISO 8601 strings.
 */

// The texts and names the screens need live apart from the schemas, so a page that shows a
// payment message does not load the validation library with it.
export {
  benefitAlreadyRedeemedMessage,
  CHECKOUT_TYPES,
  type CheckoutType,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  REDEMPTION_MESSAGES,
} from "./payment-texts.ts";

const instantSchema = z.string();

// ---------------------------------------------------------------- checkout

/**
 * POST /fortis/elements/transaction/intention. `amount` is the figure the screen shows; the
 * server recomputes what is due and never charges the client's number. The item is named by
 * `membershipId` or `offerId`; an offer may use cashback for part of its price.
 */
export const intentionPayloadSchema = z
  .object({
    amount: z.number().nonnegative().optional(),
    shopId: z.coerce.number().int().positive().max(MAX_ID),
    customerId: z.coerce.number().int().positive().max(MAX_ID),
    type: z.enum(CHECKOUT_TYPES, { error: "Choose a membership or an offer" }),
    membershipId: idSchema.optional(),
    offerId: idSchema.optional(),
    cashbackUsed: z.number().nonnegative().optional(),
  })
  .refine((p) => (p.type === "membership" ? p.membershipId : p.offerId) !== undefined, {
    error: "Choose what to pay for",
    path: ["type"],
  });
export type IntentionPayload = z.infer<typeof intentionPayloadSchema>;

/** What the browser needs to open the provider's card form. */
export const checkoutSessionSchema = z.object({
  checkoutId: z.string(),
  client_token: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The card payment (dollars): the price after discount and cashback. */
  amount: moneySchema,
  cashbackUsed: moneySchema,
  /** Fortis Elements environment ("sandbox" or "production"). */
  environment: z.string(),
  /** Where the sandbox card form lives; null for Fortis (Elements renders in the page). */
  formUrl: z.string().nullable(),
  /** Fortis Elements script; null for the sandbox. */
  scriptUrl: z.string().nullable(),
  expiresAt: instantSchema,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const intentionResponseSchema = z.object({ data: checkoutSessionSchema });

/** The payment form's "done" event, posted to the server with the provider's transaction id. */
export const completeCheckoutPayloadSchema = z.object({
  checkoutId: z.string().min(1, "Missing checkout"),
  transactionId: z.string().min(1, "Missing transaction").max(128),
});

// ---------------------------------------------------------------- memberships

export const customerMembershipSchema = z.object({
  /** The customer membership (subscription) id. */
  id: z.number().int(),
  /** The tier. */
  membershipId: z.number().int(),
  name: z.string(),
  plan: z.enum(RENEWALS),
  price: moneySchema,
  cashbackReward: moneySchema,
  status: z.enum(CUSTOMER_MEMBERSHIP_STATUSES),
  paymentType: z.enum(PAYMENT_TYPES),
  startDate: instantSchema,
  expireDate: instantSchema,
  cancelledAt: instantSchema.nullable(),
  /** The saved card renewals are charged to ("Visa •••• 1111"); null for cash members. */
  card: z.string().nullable(),
  /**
   * While a renewal is unpaid (status `pending`): when the saved card is tried again, or, for
   * a membership paid at the counter, when it ends unless paid.
   */
  nextRenewalAttemptAt: instantSchema.nullable().optional(),
  Benefits: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      worth: moneySchema,
      benefitType: z.string(),
      /** Redeemed in the current membership month (once per month, DOMAIN "Benefits"). */
      usedThisMonth: z.boolean().optional(),
      /** When a used benefit can be redeemed again: the next membership month's first day. */
      availableOn: z.string().nullable().optional(),
    }),
  ),
});
export type CustomerMembership = z.infer<typeof customerMembershipSchema>;

export const nextRenewalMembershipSchema = z.object({
  membershipId: z.number().int(),
  name: z.string(),
  plan: z.enum(RENEWALS),
  price: moneySchema,
});
export type NextRenewalMembership = z.infer<typeof nextRenewalMembershipSchema>;

/** GET /customer/memberships/my-membership?shopId (the purchase screens' view of the wallet). */
export const walletSchema = z.object({
  membership: customerMembershipSchema.nullable(),
  nextRenewalMembership: nextRenewalMembershipSchema.nullable(),
  rewardBalance: moneySchema,
});
export type Wallet = z.infer<typeof walletSchema>;

export const customerOfferSchema = z.object({
  customerOfferId: z.number().int(),
  offerId: z.number().int(),
  offerName: z.string(),
  offerImage: z.string(),
  offerPrice: moneySchema,
  endDate: z.string(),
  /** When the purchase stops being redeemable; null when it never expires. */
  expiresAt: instantSchema.nullable(),
  purchasedAt: instantSchema,
  redeemedAt: instantSchema.nullable(),
  soldCount: z.number().int(),
});
export type CustomerOffer = z.infer<typeof customerOfferSchema>;

/** What a completed payment (or a fully cashback-paid offer) grants. */
export const purchaseResultSchema = z.object({
  message: z.string(),
  type: z.enum(CHECKOUT_TYPES),
  membership: customerMembershipSchema.nullable(),
  customerOffer: customerOfferSchema.nullable(),
  rewardBalance: moneySchema,
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/** POST /customer/offers/purchase-offer/{id}: done at once, or a checkout for the rest. */
export const purchaseOfferResponseSchema = z.discriminatedUnion("outcome", [
  purchaseResultSchema.extend({ outcome: z.literal("completed") }),
  z.object({ outcome: z.literal("checkout"), data: checkoutSessionSchema }),
]);
export type PurchaseOfferResponse = z.infer<typeof purchaseOfferResponseSchema>;

/** POST /fortis/membership/schedule */
export const schedulePayloadSchema = z.object({
  customerId: z.coerce.number().int().positive().max(MAX_ID),
  transactionAmount: z.number().nonnegative().optional(),
  membershipId: idSchema,
  plan: z.enum(RENEWALS, { error: "Choose monthly or yearly" }),
  shopId: z.coerce.number().int().positive().max(MAX_ID),
  name: z.string().optional(),
});
export const scheduleResponseSchema = z.object({
  message: z.string(),
  membership: customerMembershipSchema,
  nextRenewalMembership: nextRenewalMembershipSchema.nullable(),
});

/**
 * The cancel calls name the customer membership (subscription) by its `id` — the
 * `membership.id` of the dashboard payload — not the tier's `membershipId`.
 */
/** POST /fortis/membership/cancel (card memberships). */
export const providerCancelPayloadSchema = z.object({
  membershipId: idSchema,
  shopId: z.coerce.number().int().positive().max(MAX_ID),
  customerId: z.coerce.number().int().positive().max(MAX_ID),
});
/** PUT /customer/memberships/cancel-customer-membership/{id} ({id}: the customer). */
export const customerCancelPayloadSchema = z.object({
  membershipId: idSchema,
  shopId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
/** POST /memberships/cancel-customer-membership (merchant). */
export const merchantCancelPayloadSchema = z.object({
  customerId: idSchema,
  membershipId: idSchema.optional(),
});
export const cancelResponseSchema = z.object({
  message: z.string(),
  membership: customerMembershipSchema,
});

// ---------------------------------------------------------------- transactions and refunds

export const transactionSchema = z.object({
  transactionId: z.string().nullable(),
  id: z.number().int(),
  transactionDate: instantSchema,
  transactionType: z.string(),
  offerName: z.string().nullable(),
  membershipName: z.string().nullable(),
  plan: z.enum(RENEWALS).nullable(),
  paymentType: z.enum(PAYMENT_TYPES),
  offerPrice: moneySchema.nullable(),
  price: moneySchema,
  amount: moneySchema,
  discount: moneySchema,
  cashbackUsed: moneySchema,
  status: z.enum(TRANSACTION_STATUSES),
  transactionBy: z.string(),
  customerName: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const refundResponseSchema = z.object({
  message: z.string(),
  transaction: transactionSchema,
});

// ---------------------------------------------------------------- onboarding

/** The merchant profile's onboarding row. */
export const paymentAccountSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  connected: z.boolean(),
  fortisId: z.string().nullable(),
  fortisUserId: z.string().nullable(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;
export const paymentAccountResponseSchema = z.object({ account: paymentAccountSchema });
export const onboardingResponseSchema = z.object({ message: z.string(), app_link: z.string() });

/** GET /customer/profile/get-customer/{id}: the customer dashboard's data (spec §3). */
export const customerDashboardResponseSchema = z.object({
  customer: customerSchema,
  membership: customerMembershipSchema.nullable(),
  nextRenewalMembership: nextRenewalMembershipSchema.nullable(),
  rewardBalance: moneySchema,
  activeOffers: z.array(customerOfferSchema),
  fontStyle: z.string(),
});
export type CustomerDashboard = z.infer<typeof customerDashboardResponseSchema>;

// ---------------------------------------------------------------- redemptions

export const redemptionSchema = z.object({
  id: z.number().int(),
  redemptionDate: instantSchema,
  redemptionType: z.enum(REDEMPTION_TYPES),
  item: z.string(),
  customerName: z.string(),
  value: moneySchema,
  performedBy: z.enum(["customer", "merchant"]),
  performedByName: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redemptionResultSchema = z.object({
  message: z.string(),
  redemption: redemptionSchema,
  rewardBalance: moneySchema,
});
export type RedemptionResult = z.infer<typeof redemptionResultSchema>;
