import { z } from "zod";
import { paginated, paginationQuerySchema } from "../api.ts";
import {
  CUSTOMER_MEMBERSHIP_STATUSES,
  MEMBER_STATUSES,
  PAYMENT_TYPES,
  RENEWALS,
} from "../options.ts";
import { purchaseOfferPayloadSchema } from "../validation/cashback.ts";
import { idSchema } from "../validation/common.ts";
import {
  manageMembershipSchema,
  memberDiscountSchema,
  paymentMethodField,
} from "../validation/member.ts";
import { MEMBER_MESSAGES } from "../validation/messages.ts";
import { moneySchema } from "../validation/money.ts";
import { tierBenefitSchema } from "./catalogue.ts";
import {
  checkoutSessionSchema,
  customerMembershipSchema,
  customerOfferSchema,
  nextRenewalMembershipSchema,
  redemptionSchema,
  transactionSchema,
} from "./payments.ts";
import { personRowFields } from "./people.ts";

/**
 * The merchant's members (spec §2 "Members list", "Member detail", §7 "Members"; DOMAIN "Member
 * status"). Paths the spec leaves unnamed live under `/member/...`. Money is dollars; instants
 * are ISO 8601 strings.
 */

export const MEMBER_ACTION_MESSAGES = {
  updated: "Member updated successfully",
  /** The web's fallbacks when the server sends no message (spec §8). */
  updateFailed: "Error updating member",
  createFailed: "Error creating member. Please try again.",
  /** Chosen wordings (the spec names none). */
  created: "Member added successfully",
  createdPaymentNext: "Member added. Continue with the payment.",
  deleted: "Member deleted successfully",
  disabled: "Member disabled successfully",
  enabled: "Member enabled successfully",
  alreadyDisabled: "This member is already disabled.",
  alreadyEnabled: "This member is already enabled.",
  notFound: "Member not found.",
  memberDisabled: "This member is disabled. Enable them first.",
  membershipActivated: "Payment received. The membership is active.",
  membershipUpdated: "Membership updated successfully",
  renewalPaid: "Payment received. The membership is renewed.",
  emailTaken: "A member with this email already exists.",
  hasMembership: "This member already has a membership. Use Manage Membership to change it.",
  membershipChanged: "This membership has changed meanwhile. Please reload the member.",
  cardNotConnected:
    "Card payments are not set up for this shop yet. Connect them on your profile, or take cash.",
} as const;

const instantSchema = z.string();

/** `true`/`false` (or 1/0) in a query string; missing means false. */
const queryFlag = z
  .enum(["true", "false", "1", "0"], { error: "Use true or false" })
  .optional()
  .transform((value) => value === "true" || value === "1");

/** The current membership as the members list shows it. */
export const memberMembershipSummarySchema = z.object({
  /** The customer membership (subscription) id. */
  id: z.number().int(),
  /** The tier. */
  membershipId: z.number().int(),
  membershipName: z.string(),
  plan: z.enum(RENEWALS),
  paymentType: z.enum(PAYMENT_TYPES),
  status: z.enum(CUSTOMER_MEMBERSHIP_STATUSES),
  price: moneySchema,
  cashbackReward: moneySchema,
  startDate: instantSchema,
  expireDate: instantSchema,
});
export type MemberMembershipSummary = z.infer<typeof memberMembershipSummarySchema>;

/**
 * A row of the members list. `status` is derived from the current membership (`active` also
 * while a renewal payment is outstanding, `cancelled`, or `inactive` without one) and shows
 * `disabled` while the merchant has blocked the member (`isDisabled`).
 */
export const memberSchema = z.object({
  ...personRowFields,
  phoneNumber: z.string().nullable(),
  profilePicture: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  isDisabled: z.boolean(),
  /** Set once the member's personal data was erased (docs/privacy.md); the account stays disabled. */
  erasedAt: z.string().nullable().optional(),
  /** Whether the member has set a password (a member added at the counter has not yet). */
  hasPassword: z.boolean(),
  /** Joining date (spec name). */
  created_at: instantSchema,
  lastActivityAt: instantSchema,
  /** The cashback ledger balance; both names are the spec's. */
  totalRewardBalance: moneySchema,
  cashbackBalance: moneySchema,
  activeMembership: memberMembershipSummarySchema.nullable(),
  planType: z.enum(RENEWALS).nullable(),
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * GET /member/get-all-members. `active=true`: members whose status is `active`; `inactive=true`:
 * every other status (inactive, cancelled, disabled), so the two tabs split All; both or neither:
 * everyone. Newest members first, or with `lastActivity=true` the most recently active first.
 * `search` matches a part of the name or e-mail, any case.
 */
export const memberListQuerySchema = paginationQuerySchema.extend({
  active: queryFlag,
  inactive: queryFlag,
  lastActivity: queryFlag,
  search: z.string().trim().max(100, "Search must be at most 100 characters").optional(),
});
export type MemberListQuery = z.output<typeof memberListQuerySchema>;

export const getMembersResponseSchema = paginated(memberSchema, "members");
export type GetMembersResponse = z.infer<typeof getMembersResponseSchema>;

/** A benefit of the current membership with this membership month's state. */
export const memberBenefitSchema = tierBenefitSchema.extend({
  /** Redeemed in the current membership month. */
  redeemed: z.boolean(),
  /** When it can be redeemed again (the next membership month), when redeemed. */
  availableOn: instantSchema.nullable(),
});
export type MemberBenefit = z.infer<typeof memberBenefitSchema>;

/** The member detail page: the list row plus what the panels show. */
export const memberDetailSchema = memberSchema.extend({
  activeMembership: memberMembershipSummarySchema
    .extend({ Benefits: z.array(tierBenefitSchema), card: z.string().nullable() })
    .nullable(),
  nextRenewalMembership: nextRenewalMembershipSchema.nullable(),
  /** Benefits of a usable membership (active or cancelled until it expires). */
  benefits: z.array(memberBenefitSchema),
  /** Bought offers still redeemable. */
  offers: z.array(customerOfferSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** Recent items on the member detail page; the `get-member-transactions` and redemptions lists page the rest. */
export const MEMBER_DETAIL_RECENT = 20;

/** GET /member/get-single-member/{id} */
export const getMemberResponseSchema = z.object({
  member: memberDetailSchema,
  transactions: z.array(transactionSchema),
  transactionsTotal: z.number().int().nonnegative(),
  redemptions: z.array(redemptionSchema),
  redemptionsTotal: z.number().int().nonnegative(),
});
export type GetMemberResponse = z.infer<typeof getMemberResponseSchema>;

/** GET /member/get-member-transactions/{id}?page&pageSize */
export const getMemberTransactionsResponseSchema = paginated(transactionSchema, "transactions");

/** POST /member/create-member → 201. `paymentRequired`: a plan was chosen, go to /set-payment. */
export const createMemberResponseSchema = z.object({
  message: z.string(),
  member: memberSchema,
  paymentRequired: z.boolean(),
});

/** PUT /member/update-member, PUT /member/update-member-status/{id} */
export const saveMemberResponseSchema = z.object({ message: z.string(), member: memberSchema });

/** PUT /member/update-member-status/{id}: Disable (→ disabled) or Enable (→ active). */
export const memberStatusPayloadSchema = z.object({
  status: z.enum(["active", "disabled"], { error: "Select a valid status" }),
});
export type MemberStatusPayload = z.output<typeof memberStatusPayloadSchema>;

/**
 * PUT /member/update-membership: the Manage Membership modal. `userId` is the member; the plan
 * is the tier's renewal (optional); Card (`pos`) or Cash. `activeMembershipId` (the current
 * membership the modal was opened for) is a claim that must still be current. `discount`
 * (0–100 %) applies when a payment is taken now.
 */
export const updateMemberMembershipPayloadSchema = manageMembershipSchema.extend({
  userId: idSchema,
  activeMembershipId: idSchema.optional(),
  discount: memberDiscountSchema.shape.discount,
  email: z.string().optional(),
  userData: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      email: z.string().optional(),
      phoneNumber: z.string().optional(),
    })
    .optional(),
});
export type UpdateMemberMembershipPayload = z.output<typeof updateMemberMembershipPayloadSchema>;

const paidOutcome = z.object({
  outcome: z.literal("completed"),
  message: z.string(),
  member: memberSchema,
  membership: customerMembershipSchema,
  transaction: transactionSchema,
});
const checkoutOutcome = z.object({
  outcome: z.literal("checkout"),
  member: memberSchema,
  /** Open the card form with this, then post its transaction id to /member/payments/complete. */
  data: checkoutSessionSchema,
});

/**
 * POST /member/set-payment (the Add New Member payment step): Cash is recorded and the
 * membership starts at once; Card opens a checkout for the card form.
 */
export const memberPaymentResponseSchema = z.discriminatedUnion("outcome", [
  paidOutcome,
  checkoutOutcome,
]);
export type MemberPaymentResponse = z.infer<typeof memberPaymentResponseSchema>;

/**
 * PUT /member/update-membership: a member without a membership buys one (`completed` or
 * `checkout`); an unpaid renewal is paid (`completed` or `checkout`); an active or cancelled
 * membership gets the change at its next renewal (`scheduled`).
 */
export const updateMemberMembershipResponseSchema = z.discriminatedUnion("outcome", [
  paidOutcome,
  checkoutOutcome,
  z.object({
    outcome: z.literal("scheduled"),
    message: z.string(),
    member: memberSchema,
    membership: customerMembershipSchema,
    nextRenewalMembership: nextRenewalMembershipSchema.nullable(),
  }),
]);
export type UpdateMemberMembershipResponse = z.infer<typeof updateMemberMembershipResponseSchema>;

/**
 * POST /member/purchase-offer/{id} (the Offer Price (pay) modal; {id}: the member): the offer,
 * Card (`pos`) or Cash, and cashback up to min(balance, price).
 */
export const counterOfferPayloadSchema = purchaseOfferPayloadSchema.extend({
  paymentType: paymentMethodField(MEMBER_MESSAGES.paymentTypeRequired),
});
export type CounterOfferPayload = z.output<typeof counterOfferPayloadSchema>;

// ---------------------------------------------------------------- counter redemptions

/**
 * POST /merchant-redemptions/create-redemption?benefitId=…&customerId=… (`memberId` is accepted
 * for `customerId`: the spec's member screens send that name).
 */
export const merchantBenefitRedemptionQuerySchema = z
  .object({
    benefitId: idSchema,
    customerId: idSchema.optional(),
    memberId: idSchema.optional(),
  })
  .refine((q) => q.customerId !== undefined || q.memberId !== undefined, {
    error: "Choose a member",
    path: ["customerId"],
  })
  .transform(({ benefitId, customerId, memberId }) => ({
    benefitId,
    customerId: (customerId ?? memberId) as number,
  }));

/** POST /merchant-redemptions/redeem-offer?customerOfferId=… (optionally narrowed to a member). */
export const merchantOfferRedemptionQuerySchema = z.object({
  customerOfferId: idSchema,
  customerId: idSchema.optional(),
});

/** GET /merchant-redemptions/get-customer-redemptions?customerId=…&page&pageSize */
export const customerRedemptionsQuerySchema = paginationQuerySchema.extend({
  customerId: idSchema,
});
export const getCustomerRedemptionsResponseSchema = paginated(redemptionSchema, "redemptions");
