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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { bearerSecurity, requireShopMerchant } from "../../plugins/auth";
import { routeSteps } from "../../plugins/route-steps";
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

const counterStep = routeSteps<
  { redemptions: RedemptionsService } & Awaited<ReturnType<typeof counter>>
>();

/** The three redemptions at the counter: for the member the query names, by this merchant. */
const counterSteps = [
  counterStep({
    url: "/api/v1/merchant-redemptions/create-redemption",
    summary: "Redeem a member's benefit (once per membership month)",
    description: "`?benefitId=…&customerId=…` (`memberId` is accepted for `customerId`).",
    input: merchantBenefitRedemptionQuerySchema,
    response: redemptionResultSchema,
    run: ({ redemptions, shopId, actor }, { customerId, benefitId }) =>
      redemptions.redeemBenefit({ shopId, customerId, benefitId, actor }),
  }),
  counterStep({
    url: "/api/v1/merchant-redemptions/create-cashback-redemption",
    summary: "Pay out a member's cashback at the counter (whole dollars, within the balance)",
    input: merchantCashbackRedemptionQuerySchema,
    response: redemptionResultSchema,
    run: ({ redemptions, shopId, actor }, { customerId, price }) =>
      redemptions.redeemCashback({ shopId, customerId, amountCents: toCents(price), actor }),
  }),
  counterStep({
    url: "/api/v1/merchant-redemptions/redeem-offer",
    summary: "Redeem an offer a member bought (once, before it expires)",
    description: "`?customerOfferId=…`, optionally `&customerId=…` to check whose it is.",
    input: merchantOfferRedemptionQuerySchema,
    response: redemptionResultSchema,
    run: ({ redemptions, shopId, actor }, { customerOfferId, customerId }) =>
      redemptions.redeemOffer({ shopId, customerOfferId, customerId, actor }),
  }),
];

/**
 * Redemptions at the counter (spec §7 "Redemptions"): the same service, rules and guarantees as
 * the customer's own, performed by the merchant. Each answers `{ message, redemption,
 * rewardBalance }` with the message the modal shows.
 */
export const merchantRedemptionRoutes: FastifyPluginAsyncZod<{
  redemptions: RedemptionsService;
  db: Database;
}> = async (app, opts) => {
  const { redemptions } = opts;

  for (const step of counterSteps) {
    app.post(
      step.url,
      {
        schema: {
          tags,
          summary: step.summary,
          description: step.description,
          security: bearerSecurity,
          querystring: step.input,
          response: { 201: step.response },
        },
      },
      async (request, reply) => {
        const result = await step.run({ redemptions, ...(await counter(request)) }, request.query);
        return reply.code(201).send(result);
      },
    );
  }

  app.get(
    "/api/v1/merchant-redemptions/get-customer-redemptions",
    {
      schema: {
        tags,
        summary: "A member's redemptions, newest first, a page at a time",
        security: bearerSecurity,
        querystring: customerRedemptionsQuerySchema,
        response: { 200: getCustomerRedemptionsResponseSchema },
      },
    },
    async (request) => {
      const { shopId } = await counter(request);
      const { customerId, page, pageSize } = request.query;
      // Another shop's member answers 404, not an empty list.
      if (!(await findMember(opts.db, shopId, customerId))) {
        throw new AppError("NOT_FOUND", MEMBER_ACTION_MESSAGES.notFound);
      }
      const result = await redemptions.listCustomerRedemptions(shopId, customerId, {
        page,
        pageSize,
      });
      return { ...result, page, pageSize };
    },
  );
};
