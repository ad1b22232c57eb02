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

  app.post(
    "/api/v1/merchant-redemptions/create-redemption",
    {
      schema: {
        tags,
        summary: "Redeem a member's benefit (once per membership month)",
        description: "`?benefitId=…&customerId=…` (`memberId` is accepted for `customerId`).",
        security: bearerSecurity,
        querystring: merchantBenefitRedemptionQuerySchema,
        response: { 201: redemptionResultSchema },
      },
    },
    async (request, reply) => {
      const { shopId, actor } = await counter(request);
      const result = await redemptions.redeemBenefit({
        shopId,
        customerId: request.query.customerId,
        benefitId: request.query.benefitId,
        actor,
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    "/api/v1/merchant-redemptions/create-cashback-redemption",
    {
      schema: {
        tags,
        summary: "Pay out a member's cashback at the counter (whole dollars, within the balance)",
        security: bearerSecurity,
        querystring: merchantCashbackRedemptionQuerySchema,
        response: { 201: redemptionResultSchema },
      },
    },
    async (request, reply) => {
      const { shopId, actor } = await counter(request);
      const result = await redemptions.redeemCashback({
        shopId,
        customerId: request.query.customerId,
        amountCents: toCents(request.query.price),
        actor,
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    "/api/v1/merchant-redemptions/redeem-offer",
    {
      schema: {
        tags,
        summary: "Redeem an offer a member bought (once, before it expires)",
        description: "`?customerOfferId=…`, optionally `&customerId=…` to check whose it is.",
        security: bearerSecurity,
        querystring: merchantOfferRedemptionQuerySchema,
        response: { 201: redemptionResultSchema },
      },
    },
    async (request, reply) => {
      const { shopId, actor } = await counter(request);
      const result = await redemptions.redeemOffer({
        shopId,
        customerOfferId: request.query.customerOfferId,
        customerId: request.query.customerId,
        actor,
      });
      return reply.code(201).send(result);
    },
  );

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
