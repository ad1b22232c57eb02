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
import { routeSteps } from "../../plugins/route-steps";
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

type CustomerSession = Awaited<ReturnType<typeof requireCustomer>>;

type Redeemer = { shopId: number; customerId: number; actor: { kind: "customer" } };

/** A customer's own redemption: what the query names, redeemed for the signed-in customer. */
const redeemStep = routeSteps<{ redemptions: RedemptionsService; redeemer: Redeemer }>();

const redeemSteps = [
  redeemStep({
    url: "/api/v1/customer/offers/redeem-offer/:id",
    summary: "Redeem a bought offer (once, before it expires)",
    input: redeemOfferQuerySchema,
    response: redemptionResultSchema,
    run: ({ redemptions, redeemer }, query) =>
      redemptions.redeemOffer({ ...redeemer, customerOfferId: query.customerOfferId }),
  }),
  redeemStep({
    url: "/api/v1/customer/redemptions/create-redemption/:id",
    summary: "Redeem a benefit of the current membership (once per membership month)",
    input: createRedemptionQuerySchema,
    response: redemptionResultSchema,
    run: ({ redemptions, redeemer }, query) =>
      redemptions.redeemBenefit({ ...redeemer, benefitId: query.benefitId }),
  }),
  redeemStep({
    url: "/api/v1/customer/redemptions/create-cashback-redemption/:id",
    summary: "Redeem cashback (dollars, cents allowed; never above the balance)",
    input: customerCashbackRedemptionQuerySchema,
    response: redemptionResultSchema,
    run: ({ redemptions, redeemer }, query) =>
      redemptions.redeemCashback({ ...redeemer, amountCents: toCents(query.price) }),
  }),
];

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

  // The shop's tiers and the customer's offers: both for the customer named in the path, in
  // the shop the session is in (a claimed other shop is not found).
  const shopLists = [
    {
      url: "/api/v1/customer/memberships/get-active-memberships-by-customer/:id",
      summary: "The shop's published tiers, each marked `isSubscribed` for this customer",
      response: customerTiersResponseSchema,
      list: (session: CustomerSession) => service.listTiers(session),
    },
    {
      url: "/api/v1/customer/offers/get-active-offers-by-customer/:id",
      summary: "The customer's bought offers that can still be redeemed",
      response: customerOffersResponseSchema,
      list: (session: CustomerSession) => service.listActiveOffers(session),
    },
  ];
  for (const { url, summary, response, list } of shopLists) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          security: bearerSecurity,
          params: customerIdParamsSchema,
          querystring: customerShopQuerySchema,
          response: { 200: response },
        },
      },
      async (request) => {
        const session = await requireOwnCustomer(request, request.params.id);
        checkShopClaim(session.shopId, request.query.shopId);
        return list(session);
      },
    );
  }

  for (const step of redeemSteps) {
    app.post(
      step.url,
      {
        schema: {
          tags,
          summary: step.summary,
          security: bearerSecurity,
          params: customerIdParamsSchema,
          querystring: step.input,
          response: { 201: step.response },
        },
      },
      async (request, reply) => {
        const session = await requireOwnCustomer(request, request.params.id);
        const redeemer = {
          shopId: session.shopId,
          customerId: session.customer.id,
          actor: { kind: "customer" as const },
        };
        return reply.code(201).send(await step.run({ redemptions, redeemer }, request.query));
      },
    );
  }
};
