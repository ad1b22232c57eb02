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
import type { z } from "zod";
import { AppError } from "../../errors";
import { profilePictureRules, readFileField } from "../../infra/images";
import { bearerSecurity, requireCustomer } from "../../plugins/auth";
import { guardedSteps, registerGuardedSteps } from "../../plugins/merchant-steps";
import type { AuthService } from "../auth/service";
import type { RedemptionsService } from "../redemptions/service";
import type { CustomerService } from "./service";

const tags = ["customer"];
const idParams = customerIdParamsSchema;

type Schema = z.ZodTypeAny;

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

type Ctx = {
  service: CustomerService;
  auth: AuthService;
  redemptions: RedemptionsService;
  session: CustomerSession;
};
const step = guardedSteps<Ctx>();

/**
 * A list of the shop the session is in, for the customer in the path (a claimed other shop is
 * not found): the shop's tiers and the customer's offers.
 */
function shopListStep<Out extends Schema>(
  url: string,
  summary: string,
  response: Out,
  list: (ctx: Ctx) => Promise<z.infer<Out>>,
) {
  return step({
    method: "GET",
    url,
    summary,
    params: idParams,
    from: "querystring",
    input: customerShopQuerySchema,
    response,
    run: (ctx, query) => {
      checkShopClaim(ctx.session.shopId, query.shopId);
      return list(ctx);
    },
  });
}

type Redeemer = { shopId: number; customerId: number; actor: { kind: "customer" } };

/** A customer's own redemption: what the query names, redeemed for the signed-in customer. */
function redeemStep<In extends Schema>(
  url: string,
  summary: string,
  input: In,
  redeem: (
    redemptions: RedemptionsService,
    redeemer: Redeemer,
    query: z.infer<In>,
  ) => Promise<z.infer<typeof redemptionResultSchema>>,
) {
  return step({
    method: "POST",
    url,
    summary,
    params: idParams,
    from: "querystring",
    input,
    response: redemptionResultSchema,
    status: 201,
    run: ({ redemptions, session }, query) => {
      const redeemer: Redeemer = {
        shopId: session.shopId,
        customerId: session.customer.id,
        actor: { kind: "customer" },
      };
      return redeem(redemptions, redeemer, query);
    },
  });
}

/** The calls about the customer named in the path, who must be the one signed in. */
const ownSteps = [
  step({
    method: "GET",
    url: "/api/v1/customer/profile/get-customer/:id",
    summary: "The customer dashboard: profile, membership, next renewal, balance, offers",
    params: idParams,
    response: customerDashboardResponseSchema,
    run: ({ service, session }) => service.getDashboard(session),
  }),
  step({
    method: "GET",
    url: "/api/v1/customer/redemptions/get-customer-redemptions/:id",
    summary: "The customer's redemptions, newest first",
    params: idParams,
    from: "querystring",
    input: paginationQuerySchema,
    response: customerRedemptionsResponseSchema,
    run: async ({ redemptions, session }, query) => {
      const list = await redemptions.listCustomerRedemptions(
        session.shopId,
        session.customer.id,
        query,
      );
      return { ...list, page: query.page, pageSize: query.pageSize };
    },
  }),
  step({
    method: "PUT",
    url: "/api/v1/customer/profile/update-password/:id",
    summary: "Change the customer's password (ends their other sessions)",
    params: idParams,
    from: "body",
    input: changePasswordPayloadSchema,
    response: messageResponseSchema,
    run: ({ auth, session }, body) => auth.updatePassword(session, body),
  }),
  shopListStep(
    "/api/v1/customer/memberships/get-active-memberships-by-customer/:id",
    "The shop's published tiers, each marked `isSubscribed` for this customer",
    customerTiersResponseSchema,
    ({ service, session }) => service.listTiers(session),
  ),
  shopListStep(
    "/api/v1/customer/offers/get-active-offers-by-customer/:id",
    "The customer's bought offers that can still be redeemed",
    customerOffersResponseSchema,
    ({ service, session }) => service.listActiveOffers(session),
  ),
  redeemStep(
    "/api/v1/customer/offers/redeem-offer/:id",
    "Redeem a bought offer (once, before it expires)",
    redeemOfferQuerySchema,
    (redemptions, redeemer, query) =>
      redemptions.redeemOffer({ ...redeemer, customerOfferId: query.customerOfferId }),
  ),
  redeemStep(
    "/api/v1/customer/redemptions/create-redemption/:id",
    "Redeem a benefit of the current membership (once per membership month)",
    createRedemptionQuerySchema,
    (redemptions, redeemer, query) =>
      redemptions.redeemBenefit({ ...redeemer, benefitId: query.benefitId }),
  ),
  redeemStep(
    "/api/v1/customer/redemptions/create-cashback-redemption/:id",
    "Redeem cashback (dollars, cents allowed; never above the balance)",
    customerCashbackRedemptionQuerySchema,
    (redemptions, redeemer, query) =>
      redemptions.redeemCashback({ ...redeemer, amountCents: toCents(query.price) }),
  ),
];

/** The signed-in customer's calls that name no customer. */
const sessionSteps = [
  step({
    method: "GET",
    url: "/api/v1/customer/profile/get-customer-activity",
    summary: "The customer's recent activity: payments and redemptions, newest first",
    from: "querystring",
    input: customerActivityQuerySchema,
    response: customerActivityResponseSchema,
    run: ({ service, session }, query) => service.listActivity(session, query),
  }),
  step({
    method: "GET",
    url: "/api/v1/customer/transactions/get-customer-transactions/:shopId",
    summary: "The customer's payments to the shop (Billing), newest first",
    params: customerShopParamsSchema,
    from: "querystring",
    input: paginationQuerySchema,
    response: customerTransactionsResponseSchema,
    run: ({ service, session }, query, { shopId }) => {
      checkShopClaim(session.shopId, shopId);
      return service.listTransactions(session, query);
    },
  }),
];

/** The signed-in customer's own data (spec §7 "Customer data"). */
export const customerRoutes: FastifyPluginAsyncZod<{
  customer: CustomerService;
  auth: AuthService;
  redemptions: RedemptionsService;
}> = async (app, opts) => {
  const { customer: service, auth, redemptions } = opts;
  const services = { service, auth, redemptions };

  registerGuardedSteps(
    app,
    tags,
    async (request) => {
      // The schema has validated the path's id.
      const { id } = request.params as { id: number };
      return { ...services, session: await requireOwnCustomer(request, id) };
    },
    ownSteps,
  );
  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ ...services, session: await requireCustomer(request) }),
    sessionSteps,
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
        params: idParams,
        response: { 200: updateCustomerProfileResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwnCustomer(request, request.params.id);
      const { file, fields } = await readFileField(request, profilePictureRules);
      return service.updateProfile(session, fields, file?.buffer);
    },
  );
};
