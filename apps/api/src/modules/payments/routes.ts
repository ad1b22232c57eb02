import {
  cancelResponseSchema,
  completeCheckoutPayloadSchema,
  customerCancelPayloadSchema,
  intentionPayloadSchema,
  intentionResponseSchema,
  MAX_ID,
  merchantCancelPayloadSchema,
  onboardingResponseSchema,
  PAYMENT_MESSAGES,
  paymentAccountResponseSchema,
  providerCancelPayloadSchema,
  purchaseOfferPayloadSchema,
  purchaseOfferResponseSchema,
  purchaseResultSchema,
  refundResponseSchema,
  schedulePayloadSchema,
  scheduleResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { isValidBasicAuth } from "../../infra/payments/secrets";
import {
  bearerSecurity,
  requireCustomer,
  requireOwnerWithFreshCode,
  requireShopMerchant,
} from "../../plugins/auth";
import { routeSteps } from "../../plugins/route-steps";
import type { PaymentsService } from "./service";

const tags = ["payments"];
const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

type CustomerScope = {
  shopId: number;
  customer: Awaited<ReturnType<typeof requireCustomer>>["customer"];
};

const customerStep = routeSteps<{ payments: PaymentsService; scope: CustomerScope }>();

/** The signed-in customer's card checkout and renewal plan: a body in, the workflow's answer. */
const customerSteps = [
  customerStep({
    url: "/api/v1/fortis/elements/transaction/intention",
    summary: "Open a card checkout: the server's amount and the provider's client token",
    input: intentionPayloadSchema,
    response: intentionResponseSchema,
    run: ({ payments, scope }, body) => payments.checkout.createIntention(scope, body),
  }),
  customerStep({
    url: "/api/v1/fortis/elements/transaction/complete",
    summary: "The payment form's done event: verify with the provider, then grant once",
    input: completeCheckoutPayloadSchema,
    response: purchaseResultSchema,
    run: ({ payments, scope }, body) => payments.checkout.completeCheckout(scope, body),
  }),
  customerStep({
    url: "/api/v1/fortis/membership/schedule",
    summary: "Schedule the next renewal or a plan change (no payment now)",
    input: schedulePayloadSchema,
    response: scheduleResponseSchema,
    run: ({ payments, scope }, body) => payments.renewals.scheduleRenewal(scope, body),
  }),
];

export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  postbackCredentials: { username: string; password: string };
}> = async (app, opts) => {
  const { payments } = opts;

  const customerScope = async (request: Parameters<typeof requireCustomer>[0]) => {
    const session = await requireCustomer(request);
    return { shopId: session.shopId, customer: session.customer };
  };

  /** The customer cancels their own membership: renewal stops, usable until it expires. */
  const cancelOwn = (scope: CustomerScope, membershipId: number) =>
    payments.renewals.cancelMembership({
      shopId: scope.shopId,
      customerId: scope.customer.id,
      membershipId,
      actor: { kind: "customer", customerId: scope.customer.id },
    });

  for (const step of customerSteps) {
    app.post(
      step.url,
      {
        schema: {
          tags,
          summary: step.summary,
          security: bearerSecurity,
          body: step.input,
          response: { 200: step.response },
        },
      },
      async (request) => step.run({ payments, scope: await customerScope(request) }, request.body),
    );
  }

  app.post(
    "/api/v1/fortis/membership/cancel",
    {
      schema: {
        tags,
        summary: "Cancel a card-paid membership: renewal stops, usable until it expires",
        security: bearerSecurity,
        body: providerCancelPayloadSchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => {
      const scope = await customerScope(request);
      if (request.body.customerId !== scope.customer.id || request.body.shopId !== scope.shopId) {
        throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noMembershipToCancel);
      }
      return cancelOwn(scope, request.body.membershipId);
    },
  );

  app.put(
    "/api/v1/customer/memberships/cancel-customer-membership/:id",
    {
      schema: {
        tags,
        summary: "The customer cancels their membership ({id}: the customer)",
        security: bearerSecurity,
        params: idParams,
        body: customerCancelPayloadSchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => {
      const scope = await customerScope(request);
      const claimedShop = request.body.shopId;
      if (
        request.params.id !== scope.customer.id ||
        (claimedShop && claimedShop !== scope.shopId)
      ) {
        throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noMembershipToCancel);
      }
      return cancelOwn(scope, request.body.membershipId);
    },
  );

  app.post(
    "/api/v1/memberships/cancel-customer-membership",
    {
      schema: {
        tags,
        summary: "The merchant cancels a member's membership",
        security: bearerSecurity,
        body: merchantCancelPayloadSchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => {
      const session = await requireShopMerchant(request);
      return payments.renewals.cancelMembership({
        shopId: session.shopId,
        customerId: request.body.customerId,
        membershipId: request.body.membershipId,
        actor: {
          kind: "merchant",
          userId: session.user.id,
          name: `${session.user.firstName} ${session.user.lastName}`.trim(),
        },
      });
    },
  );

  app.post(
    "/api/v1/customer/offers/purchase-offer/:id",
    {
      schema: {
        tags,
        summary: "Buy an offer ({id}: the customer), with optional cashback; done or a checkout",
        security: bearerSecurity,
        params: idParams,
        body: purchaseOfferPayloadSchema,
        response: { 200: purchaseOfferResponseSchema, 201: purchaseOfferResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await payments.checkout.purchaseOffer(
        await customerScope(request),
        request.params.id,
        request.body,
      );
      return reply.code(result.outcome === "completed" ? 201 : 200).send(result);
    },
  );

  app.post(
    "/api/v1/transactions/refund/:id",
    {
      schema: {
        tags,
        summary: "Refund a payment (owner): money back, the purchase ends",
        security: bearerSecurity,
        params: idParams,
        response: { 200: refundResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwnerWithFreshCode(request);
      return payments.refunds.refundTransaction({
        shopId: session.shopId,
        transactionId: request.params.id,
      });
    },
  );

  app.get(
    "/api/v1/fortis/onboarding",
    {
      schema: {
        tags,
        summary: "The shop's card payment account: connected or not",
        security: bearerSecurity,
        response: { 200: paymentAccountResponseSchema },
      },
    },
    async (request) => {
      const session = await requireShopMerchant(request);
      return { account: await payments.onboarding.getAccount(session.shopId) };
    },
  );

  app.post(
    "/api/v1/fortis/onboarding",
    {
      schema: {
        tags,
        summary: "Start payment onboarding (owner): the provider's application link",
        security: bearerSecurity,
        response: { 200: onboardingResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwnerWithFreshCode(request);
      return payments.onboarding.startOnboarding({ shopId: session.shopId, owner: session.user });
    },
  );

  app.post(
    "/api/v1/fortis/postback",
    {
      schema: {
        tags,
        summary: "Provider postbacks (Basic auth): onboarding approval, transaction updates",
        body: z.unknown(),
        response: { 200: z.object({ received: z.boolean() }) },
      },
    },
    async (request) => {
      if (!isValidBasicAuth(request.headers.authorization, opts.postbackCredentials)) {
        throw new AppError("UNAUTHORIZED", PAYMENT_MESSAGES.postbackUnauthorized);
      }
      const result = await payments.onboarding.handlePostback(request.body);
      return { received: result.handled };
    },
  );
};

/** POST /customer/memberships/{id}/pay-renewal: the customer pays an unpaid renewal now. */
export const overdueRenewalRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    "/api/v1/customer/memberships/:id/pay-renewal",
    {
      schema: {
        tags,
        summary:
          "Pay an unpaid renewal now ({id}: the customer's membership): a card checkout for it",
        security: bearerSecurity,
        params: idParams,
        response: { 200: intentionResponseSchema },
      },
    },
    async (request) => {
      const session = await requireCustomer(request);
      const scope = { shopId: session.shopId, customer: session.customer };
      return payments.checkout.payOverdueRenewal(scope, request.params.id);
    },
  );
};
