import {
  createShopResponseSchema,
  getMyShopResponseSchema,
  getShopResponseSchema,
  getStorefrontResponseSchema,
  SHOP_MESSAGES,
  shopIdQuerySchema,
  updateShopResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import {
  createShopBannerRules,
  createShopLogoRules,
  readMultipartForm,
  storeBannerRules,
  storeLogoRules,
} from "../../infra/images";
import { bearerSecurity, requireMerchant, requireOwner } from "../../plugins/auth";
import { conditionalPublicRead } from "../../plugins/public-cache";
import type { ShopsService } from "./service";
import type { StorefrontReader } from "./storefront";

const tags = ["shop"];

type ShopRoutesOptions = { shops: ShopsService; readStorefront: StorefrontReader };

export const shopRoutes: FastifyPluginAsyncZod<ShopRoutesOptions> = async (app, opts) => {
  const { shops, readStorefront } = opts;

  app.get(
    "/api/v1/storefront",
    {
      schema: {
        tags: ["storefront"],
        summary: "Everything the storefront page shows, in one read (public)",
        description:
          "The shop's public profile, its published tiers and its offers running today: the three reads get-shop-by-Id, get-active-memberships and get-active-offers in one round trip. 404 when there is no such shop. Answers with a strong ETag; a matching If-None-Match gets 304.",
        querystring: shopIdQuerySchema,
        response: { 200: getStorefrontResponseSchema },
      },
      onSend: conditionalPublicRead,
    },
    async (request) => readStorefront(request.query.shopId),
  );

  app.get(
    "/api/v1/shop/get-shop-by-Id",
    {
      schema: {
        tags,
        summary: "A shop's public profile (storefront branding); 404 when there is none",
        querystring: shopIdQuerySchema,
        response: { 200: getShopResponseSchema },
      },
      onSend: conditionalPublicRead,
    },
    async (request) => shops.getShop(request.query.shopId),
  );

  app.get(
    "/api/v1/shop/get-shop-by-userId",
    {
      schema: {
        tags,
        summary: "The signed-in merchant's shop, or null before one is created",
        security: bearerSecurity,
        response: { 200: getMyShopResponseSchema },
      },
    },
    async (request) => shops.getMyShop(await requireMerchant(request)),
  );

  app.post(
    "/api/v1/shop/create-shop",
    {
      schema: {
        tags,
        summary: "Create the owner's shop",
        description:
          "multipart/form-data with `name`, optional `industry`, and image files `logo` and `banner` (png, jpeg, heic or heif, up to 6MB each). Needs a verified e-mail.",
        consumes: ["multipart/form-data"],
        security: bearerSecurity,
        response: { 201: createShopResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireMerchant(request);
      shops.assertCanCreateShop(session);
      const form = await readMultipartForm(request, {
        files: {
          logo: { ...createShopLogoRules, required: SHOP_MESSAGES.logoRequired },
          banner: { ...createShopBannerRules, required: SHOP_MESSAGES.bannerRequired },
        },
      });
      const { logo, banner } = form.files;
      if (!logo || !banner) throw new AppError("BAD_REQUEST", SHOP_MESSAGES.logoRequired);
      const result = await shops.createShop(session, form.fields, {
        logo: logo.buffer,
        banner: banner.buffer,
      });
      return reply.code(201).send(result);
    },
  );

  app.put(
    "/api/v1/shop/update-shop",
    {
      schema: {
        tags,
        summary: "Customize Store (owner only)",
        description:
          "multipart/form-data with `name` (3+), `tagline` (5-200), `industry` and `fontStyle` (from the lists), `primaryColor` and `secondaryColor` (# plus 6 hex digits), optional `timeZone` (IANA name; kept when not sent), optional `id` (must be the owner's shop), and optional images `logo` (PNG/JPEG, exactly 200 x 200) and `banner` (PNG/JPEG, 480-520 x 250-290), up to 5MB each.",
        consumes: ["multipart/form-data"],
        security: bearerSecurity,
        response: { 200: updateShopResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      const form = await readMultipartForm(request, {
        files: { logo: storeLogoRules, banner: storeBannerRules },
      });
      return shops.updateShop(session, form.fields, {
        logo: form.files.logo?.buffer,
        banner: form.files.banner?.buffer,
      });
    },
  );
};
