import {
  deleteOfferResponseSchema,
  getActiveOffersResponseSchema,
  getOfferResponseSchema,
  getOffersResponseSchema,
  idQuerySchema,
  offerListQuerySchema,
  offerStatsResponseSchema,
  saveOfferResponseSchema,
  shopIdQuerySchema,
  timeFilterQuerySchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { offerImageRules, readMultipartForm } from "../../infra/images";
import { bearerSecurity, requireShopMerchant } from "../../plugins/auth";
import { merchantStep, registerMerchantSteps } from "../../plugins/merchant-steps";
import { conditionalPublicRead } from "../../plugins/public-cache";
import type { OffersService } from "./service";

const tags = ["offers"];

const OFFER_FIELDS =
  "`offerName` (3-50), `description` (10+), optional `redemptionInstructions`, `offerPrice`, optional `originalPrice` (above the offer price), `isLimited` + `quantity`, `isLimitedPerUser` + `limitPerUser` (at most the quantity), `hasValidity` + `validityDays` (toggles `true`/`false`; their numbers are positive whole numbers when on, stored as 0 when off), `startDate` and `endDate` (YYYY-MM-DD in the shop's time zone; end on or after start), and the image `offerImage` (png, jpeg, heic or heif, up to 5MB, 330-350 x 210-230).";

async function readOfferForm(request: FastifyRequest) {
  const form = await readMultipartForm(request, { files: { offerImage: offerImageRules } });
  return { fields: form.fields, image: form.files.offerImage?.buffer };
}

export const offerRoutes: FastifyPluginAsyncZod<{ offers: OffersService }> = async (app, opts) => {
  const { offers } = opts;

  app.post(
    "/api/v1/offers/create-offer",
    {
      schema: {
        tags,
        summary: "Create an offer",
        description: `multipart/form-data with ${OFFER_FIELDS} The start date cannot be in the past.`,
        consumes: ["multipart/form-data"],
        security: bearerSecurity,
        response: { 201: saveOfferResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireShopMerchant(request);
      const { fields, image } = await readOfferForm(request);
      return reply.code(201).send(await offers.createOffer(session, fields, image));
    },
  );

  app.put(
    "/api/v1/offers/update-offer-by-id",
    {
      schema: {
        tags,
        summary: "Update an offer",
        description: `multipart/form-data with \`id\` and ${OFFER_FIELDS} The image is optional (kept when not sent). Dates are checked against today only when they changed. \`redemptionInstructions\` is kept when the field is not sent.`,
        consumes: ["multipart/form-data"],
        security: bearerSecurity,
        response: { 200: saveOfferResponseSchema },
      },
    },
    async (request) => {
      const session = await requireShopMerchant(request);
      const { fields, image } = await readOfferForm(request);
      return offers.updateOffer(session, fields, image);
    },
  );

  registerMerchantSteps(app, tags, [
    merchantStep({
      method: "GET",
      url: "/api/v1/offers/get-all-offers",
      summary: "The shop's offers for a tab (upcoming, active, expired; none: all)",
      description:
        "Timing is judged on the shop's calendar day. Deleted offers (`cancelled`) are not listed.",
      from: "querystring",
      input: offerListQuerySchema,
      response: getOffersResponseSchema,
      run: (session, query) => offers.listOffers(session, query.timeFilter),
    }),
    merchantStep({
      method: "GET",
      url: "/api/v1/offers/get-single-offer",
      summary: "One offer of the merchant's shop",
      from: "querystring",
      input: idQuerySchema,
      response: getOfferResponseSchema,
      run: (session, query) => offers.getOffer(session, query.id),
    }),
    merchantStep({
      method: "DELETE",
      url: "/api/v1/offers/delete-offer-by-id",
      summary: "Delete an offer: removed when it never sold, cancelled when it had sales",
      from: "querystring",
      input: idQuerySchema,
      response: deleteOfferResponseSchema,
      run: (session, query) => offers.deleteOffer(session, query.id),
    }),
    merchantStep({
      method: "GET",
      url: "/api/v1/offers/stats",
      summary: "Offers Overview figures for a period (default this month)",
      from: "querystring",
      input: timeFilterQuerySchema,
      response: offerStatsResponseSchema,
      run: (session, query) => offers.getStats(session, query.timeFilter),
    }),
  ]);

  app.get(
    "/api/v1/customer/offers/get-active-offers",
    {
      schema: {
        tags: ["storefront"],
        summary: "A shop's offers running today, not deleted (public)",
        querystring: shopIdQuerySchema,
        response: { 200: getActiveOffersResponseSchema },
      },
      onSend: conditionalPublicRead,
    },
    async (request) => offers.listAvailableOffers(request.query.shopId),
  );
};
