import {
  CUSTOMER_MESSAGES,
  customerIdParamsSchema,
  MEMBER_CARD_MESSAGES,
  memberCardLookupPayloadSchema,
  memberCardLookupResponseSchema,
  memberCardResponseSchema,
  rotateMemberCardResponseSchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { RateLimiter } from "../../infra/rate-limit";
import { bearerSecurity, requireCustomer, requireShopMerchant } from "../../plugins/auth";
import type { MemberCardService } from "./service";

const tags = ["member card"];

/** The signed-in customer whose id is `{id}`; any other id answers 404 (nothing to probe). */
async function ownCustomer(request: FastifyRequest, id: number) {
  const session = await requireCustomer(request);
  if (session.customer.id !== id) {
    throw new AppError("NOT_FOUND", CUSTOMER_MESSAGES.customerNotFound);
  }
  return session;
}

export const memberCardRoutes: FastifyPluginAsyncZod<{
  cards: MemberCardService;
  /** Counts card look-ups per person and per address (Redis-backed with REDIS_URL). */
  limiter: RateLimiter;
}> = async (app, opts) => {
  const { cards, limiter } = opts;

  app.get(
    "/api/v1/customer/member-card/:id",
    {
      schema: {
        tags,
        summary: "The customer's member card: code, QR address, tier, cashback, wallet buttons",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        response: { 200: memberCardResponseSchema },
      },
    },
    async (request) => ({
      card: await cards.getCard(await ownCustomer(request, request.params.id)),
    }),
  );

  app.post(
    "/api/v1/customer/member-card/rotate/:id",
    {
      schema: {
        tags,
        summary: "A new code for the customer's card; the old code stops working at once",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        response: { 200: rotateMemberCardResponseSchema },
      },
    },
    async (request) => ({
      message: MEMBER_CARD_MESSAGES.rotated,
      card: await cards.rotate(await ownCustomer(request, request.params.id)),
    }),
  );

  app.post(
    "/api/v1/member/find-by-card",
    {
      schema: {
        tags,
        summary: "The member a scanned or typed card names, in the merchant's shop",
        description:
          "`code`: the card's code (any case, spaces or dashes) or the whole address its QR code carries. A wrong code, another shop's or a replaced one answers 404 `No member with this card in your shop`. Rate-limited per person and per address.",
        security: bearerSecurity,
        body: memberCardLookupPayloadSchema,
        response: { 200: memberCardLookupResponseSchema },
      },
    },
    async (request) => {
      const session = await requireShopMerchant(request);
      await limiter.hit(
        [`card-lookup:user:${session.user.id}`, `card-lookup:ip:${request.ip}`],
        MEMBER_CARD_MESSAGES.tooManyLookups,
      );
      return cards.lookup(session.shopId, request.body.code);
    },
  );
};
