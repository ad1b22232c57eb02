import {
  customerRedemptionsQuerySchema,
  getCustomerRedemptionsResponseSchema,
  MEMBER_ACTION_MESSAGES,
  merchantBenefitRedemptionQuerySchema,
  merchantCashbackRedemptionQuerySchema,
  merchantOfferRedemptionQuerySchema,
  redemptionResultSchema,
  toCents,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { requireShopMerchant } from "../../plugins/auth";
import { guardedSteps, guardedStepsPlugin } from "../../plugins/merchant-steps";
import { findMember } from "../members/lookups";
import type { RedemptionsService } from "../redemptions/service";

const tags = ["redemptions"];

async function counter(request: FastifyRequest) {
  const session = await requireShopMerchant(request);
  const { user } = session;
  return {
    shopId: session.shopId,
    actor: {
      kind: "merchant" as const,
      userId: user.id,
      name: `${user.firstName} ${user.lastName}`.trim(),
    },
  };
}

const counterStep = guardedSteps<
  { redemptions: RedemptionsService; db: Database } & Awaited<ReturnType<typeof counter>>
>();

/**
 * The three redemptions at the counter (for the member the query names, by this merchant) and
 * the member's redemptions list.
 */
const counterSteps = [
  counterStep({
    method: "POST",
    url: "/api/v1/merchant-redemptions/create-redemption",
    summary: "Redeem a member's benefit (once per membership month)",
    description: "`?benefitId=…&customerId=…` (`memberId` is accepted for `customerId`).",
    from: "querystring",
    input: merchantBenefitRedemptionQuerySchema,
    response: redemptionResultSchema,
    status: 201,
    run: ({ redemptions, shopId, actor }, { customerId, benefitId }) =>
      redemptions.redeemBenefit({ shopId, customerId, benefitId, actor }),
  }),
  counterStep({
    method: "POST",
    url: "/api/v1/merchant-redemptions/create-cashback-redemption",
    summary: "Pay out a member's cashback at the counter (whole dollars, within the balance)",
    from: "querystring",
    input: merchantCashbackRedemptionQuerySchema,
    response: redemptionResultSchema,
    status: 201,
    run: ({ redemptions, shopId, actor }, { customerId, price }) =>
      redemptions.redeemCashback({ shopId, customerId, amountCents: toCents(price), actor }),
  }),
  counterStep({
    method: "POST",
    url: "/api/v1/merchant-redemptions/redeem-offer",
    summary: "Redeem an offer a member bought (once, before it expires)",
    description: "`?customerOfferId=…`, optionally `&customerId=…` to check whose it is.",
    from: "querystring",
    input: merchantOfferRedemptionQuerySchema,
    response: redemptionResultSchema,
    status: 201,
    run: ({ redemptions, shopId, actor }, { customerOfferId, customerId }) =>
      redemptions.redeemOffer({ shopId, customerOfferId, customerId, actor }),
  }),
  counterStep({
    method: "GET",
    url: "/api/v1/merchant-redemptions/get-customer-redemptions",
    summary: "A member's redemptions, newest first, a page at a time",
    from: "querystring",
    input: customerRedemptionsQuerySchema,
    response: getCustomerRedemptionsResponseSchema,
    run: async ({ redemptions, db, shopId }, { customerId, page, pageSize }) => {
      // Another shop's member answers 404, not an empty list.
      if (!(await findMember(db, shopId, customerId))) {
        throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
      }
      const result = await redemptions.listCustomerRedemptions(shopId, customerId, {
        page,
        pageSize,
      });
      return { ...result, page, pageSize };
    },
  }),
];

/**
 * Redemptions at the counter (spec §7 "Redemptions"): the same service, rules and guarantees as
 * the customer's own, performed by the merchant. Each redemption answers `{ message, redemption,
 * rewardBalance }` with the message the modal shows.
 */
export const merchantRedemptionRoutes = guardedStepsPlugin(
  tags,
  async ({ redemptions, db }: { redemptions: RedemptionsService; db: Database }, request) => ({
    redemptions,
    db,
    ...(await counter(request)),
  }),
  counterSteps,
);
