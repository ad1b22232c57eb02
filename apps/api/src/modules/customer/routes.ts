import {
  ACCESS_MESSAGES,
  CUSTOMER_MESSAGES,
  changePasswordPayloadSchema,
  createRedemptionQuerySchema,
  customerActivityQuerySchema,
  customerActivityResponseSchema,
  customerCashbackRedemptionQuerySchema,
  customerDashboardResponseSchema,
  customerIdParamsSchema,
  customerOffersResponseSchema,
  customerRedemptionsResponseSchema,
  customerShopParamsSchema,
  customerShopQuerySchema,
  customerTiersResponseSchema,
  customerTransactionsResponseSchema,
  messageResponseSchema,
  paginationQuerySchema,
  redeemOfferQuerySchema,
  redemptionResultSchema,
  toCents,
  updateCustomerProfileResponseSchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { profilePictureRules, readFileField } from "../../infra/images";
import { bearerSecurity, requireCustomer } from "../../plugins/auth";
import type { AuthService } from "../auth/service";
import type { RedemptionsService } from "../redemptions/service";
import type { CustomerService } from "./service";

const tags = ["customer"];

/**
 * The signed-in customer whose id is `{id}`. The id in the path is a claim: another customer's
 * (of this shop or any other) answers 404, so ids cannot be probed. A disabled customer is
 * refused by `requireCustomer`.
 */
async function requireOwnCustomer(request: FastifyRequest, id: number) {
  const session = await requireCustomer(request);
  if (session.customer.id !== id) {
    throw new AppError("NOT_FOUND", CUSTOMER_MESSAGES.customerNotFound);
  }
  return session;
}

/** The `shopId` claim of a request must be the session's shop. */
function checkShopClaim(sessionShopId: number, claimed: number | undefined) {
  if (claimed !== undefined && claimed !== sessionShopId) {
    throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
  }
}

/** The signed-in customer's own data (spec §7 "Customer data"). */
export const customerRoutes: FastifyPluginAsyncZod<{
  customer: CustomerService;
  auth: AuthService;
  redemptions: RedemptionsService;
}> = async (app, opts) => {
  const { customer: service, auth, redemptions } = opts;

  app.get(
    "/api/v1/customer/profile/get-customer/:id",
    {
      schema: {
        tags,
        summary: "The customer dashboard: profile, membership, next renewal, balance, offers",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        response: { 200: customerDashboardResponseSchema },
      },
    },
    async (request) => service.getDashboard(await requireOwnCustomer(request, request.params.id)),
  );

  app.get(
    "/api/v1/customer/profile/get-customer-activity",
    {
      schema: {
        tags,
        summary: "The customer's recent activity: payments and redemptions, newest first",
        security: bearerSecurity,
        querystring: customerActivityQuerySchema,
        response: { 200: customerActivityResponseSchema },
      },
    },
    async (request) => service.listActivity(await requireCustomer(request), request.query),
  );

  app.get(
    "/api/v1/customer/redemptions/get-customer-redemptions/:id",
    {
      schema: {
        tags,
        summary: "The customer's redemptions, newest first",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: customerRedemptionsResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwnCustomer(request, request.params.id);
      const list = await redemptions.listCustomerRedemptions(
        session.shopId,
        session.customer.id,
        request.query,
      );
      return { ...list, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    "/api/v1/customer/memberships/get-active-memberships-by-customer/:id",
    {
      schema: {
        tags,
        summary: "The shop's published tiers, each marked `isSubscribed` for this customer",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        querystring: customerShopQuerySchema,
        response: { 200: customerTiersResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwnCustomer(request, request.params.id);
      checkShopClaim(session.shopId, request.query.shopId);
      return service.listTiers(session);
    },
  );

  app.get(
    "/api/v1/customer/offers/get-active-offers-by-customer/:id",
    {
      schema: {
        tags,
        summary: "The customer's bought offers that can still be redeemed",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        querystring: customerShopQuerySchema,
        response: { 200: customerOffersResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwnCustomer(request, request.params.id);
      checkShopClaim(session.shopId, request.query.shopId);
      return service.listActiveOffers(session);
    },
  );

  app.get(
    "/api/v1/customer/transactions/get-customer-transactions/:shopId",
    {
      schema: {
        tags,
        summary: "The customer's payments to the shop (Billing), newest first",
        security: bearerSecurity,
        params: customerShopParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: customerTransactionsResponseSchema },
      },
    },
    async (request) => {
      const session = await requireCustomer(request);
      checkShopClaim(session.shopId, request.params.shopId);
      return service.listTransactions(session, request.query);
    },
  );

  app.put(
    "/api/v1/customer/profile/update-customer-profile/:id",
    {
      schema: {
        tags,
        summary: "Update the customer's profile",
        description:
          "multipart/form-data with `firstName` and `lastName` (3+ letters and spaces), optional `phoneNumber` (valid for `phoneCountry` — alias `country` — an ISO code, default US; stored in E.164; empty clears it) and optional `profilePicture` (JPG/JPEG/PNG, up to 5MB).",
        consumes: ["multipart/form-data"],
        security: bearerSecurity,
        params: customerIdParamsSchema,
        response: { 200: updateCustomerProfileResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwnCustomer(request, request.params.id);
      const { file, fields } = await readFileField(request, profilePictureRules);
      return service.updateProfile(session, fields, file?.buffer);
    },
  );

  app.put(
    "/api/v1/customer/profile/update-password/:id",
    {
      schema: {
        tags,
        summary: "Change the customer's password (ends their other sessions)",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        body: changePasswordPayloadSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) =>
      auth.updatePassword(await requireOwnCustomer(request, request.params.id), request.body),
  );

  app.post(
    "/api/v1/customer/offers/redeem-offer/:id",
    {
      schema: {
        tags,
        summary: "Redeem a bought offer (once, before it expires)",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        querystring: redeemOfferQuerySchema,
        response: { 201: redemptionResultSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwnCustomer(request, request.params.id);
      const result = await redemptions.redeemOffer({
        shopId: session.shopId,
        customerId: session.customer.id,
        customerOfferId: request.query.customerOfferId,
        actor: { kind: "customer" },
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    "/api/v1/customer/redemptions/create-redemption/:id",
    {
      schema: {
        tags,
        summary: "Redeem a benefit of the current membership (once per membership month)",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        querystring: createRedemptionQuerySchema,
        response: { 201: redemptionResultSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwnCustomer(request, request.params.id);
      const result = await redemptions.redeemBenefit({
        shopId: session.shopId,
        customerId: session.customer.id,
        benefitId: request.query.benefitId,
        actor: { kind: "customer" },
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    "/api/v1/customer/redemptions/create-cashback-redemption/:id",
    {
      schema: {
        tags,
        summary: "Redeem cashback (dollars, cents allowed; never above the balance)",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        querystring: customerCashbackRedemptionQuerySchema,
        response: { 201: redemptionResultSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwnCustomer(request, request.params.id);
      const result = await redemptions.redeemCashback({
        shopId: session.shopId,
        customerId: session.customer.id,
        amountCents: toCents(request.query.price),
        actor: { kind: "customer" },
      });
      return reply.code(201).send(result);
    },
  );
};
