import {
  CUSTOMER_MESSAGES,
  customerIdParamsSchema,
  MEMBER_CARD_MESSAGES,
  memberCardLookupPayloadSchema,
  memberCardLookupResponseSchema,
  memberCardResponseSchema,
  rotateMemberCardResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { RateLimiter } from "../../infra/rate-limit";
import { bearerSecurity, requireCustomer, requireShopMerchant } from "../../plugins/auth";
import { guardedSteps, registerGuardedSteps } from "../../plugins/merchant-steps";
import type { MemberCardService } from "./service";

const tags = ["member card"];

type CustomerSession = Awaited<ReturnType<typeof requireCustomer>>;

/** The signed-in customer, when `{id}` is theirs; any other id answers 404 (nothing to probe). */
function ownCustomer(session: CustomerSession, id: number) {
  if (session.customer.id !== id) {
    throw new AppError("NOT_FOUND", CUSTOMER_MESSAGES.customerNotFound);
  }
  return session;
}

const customerStep = guardedSteps<{ cards: MemberCardService; session: CustomerSession }>();

/** The customer's own card, `{id}` being the customer. */
const ownCardSteps = [
  customerStep({
    method: "GET",
    url: "/api/v1/customer/member-card/:id",
    summary: "The customer's member card: code, QR address, tier, cashback, wallet buttons",
    params: customerIdParamsSchema,
    response: memberCardResponseSchema,
    run: async ({ cards, session }, _, { id }) => ({
      card: await cards.getCard(ownCustomer(session, id)),
    }),
  }),
  customerStep({
    method: "POST",
    url: "/api/v1/customer/member-card/rotate/:id",
    summary: "A new code for the customer's card; the old code stops working at once",
    params: customerIdParamsSchema,
    response: rotateMemberCardResponseSchema,
    run: async ({ cards, session }, _, { id }) => ({
      message: MEMBER_CARD_MESSAGES.rotated,
      card: await cards.rotate(ownCustomer(session, id)),
    }),
  }),
];

export const memberCardRoutes: FastifyPluginAsyncZod<{
  cards: MemberCardService;
  /** Counts card look-ups per person and per address (Redis-backed with REDIS_URL). */
  limiter: RateLimiter;
}> = async (app, opts) => {
  const { cards, limiter } = opts;

  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ cards, session: await requireCustomer(request) }),
    ownCardSteps,
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
