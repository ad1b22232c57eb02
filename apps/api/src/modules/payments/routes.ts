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
  requireCustomer,
  requireOwnerWithFreshCode,
  requireShopMerchant,
} from "../../plugins/auth";
import { guardedSteps, registerGuardedSteps } from "../../plugins/merchant-steps";
import type { PaymentsService } from "./service";

const tags = ["payments"];
const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

type CustomerScope = {
  shopId: number;
  customer: Awaited<ReturnType<typeof requireCustomer>>["customer"];
};

async function customerScope(request: Parameters<typeof requireCustomer>[0]) {
  const session = await requireCustomer(request);
  return { shopId: session.shopId, customer: session.customer };
}

/**
 * The customer cancels their own membership: renewal stops, usable until it expires. When the
 * request's claims (customer, shop) are not the session's, there is no membership to cancel.
 */
function cancelOwn(
  payments: PaymentsService,
  scope: CustomerScope,
  membershipId: number,
  claimsHold: boolean,
) {
  if (!claimsHold) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noMembershipToCancel);
  return payments.renewals.cancelMembership({
    shopId: scope.shopId,
    customerId: scope.customer.id,
    membershipId,
    actor: { kind: "customer", customerId: scope.customer.id },
  });
}

const customerStep = guardedSteps<{ payments: PaymentsService; scope: CustomerScope }>();

/** The signed-in customer's card checkouts, renewal plan and cancelling. */
const customerSteps = [
  customerStep({
    method: "POST",
    url: "/api/v1/fortis/elements/transaction/intention",
    summary: "Open a card checkout: the server's amount and the provider's client token",
    from: "body",
    input: intentionPayloadSchema,
    response: intentionResponseSchema,
    run: ({ payments, scope }, body) => payments.checkout.createIntention(scope, body),
  }),
  customerStep({
    method: "POST",
    url: "/api/v1/fortis/elements/transaction/complete",
    summary: "The payment form's done event: verify with the provider, then grant once",
    from: "body",
    input: completeCheckoutPayloadSchema,
    response: purchaseResultSchema,
    run: ({ payments, scope }, body) => payments.checkout.completeCheckout(scope, body),
  }),
  customerStep({
    method: "POST",
    url: "/api/v1/fortis/membership/schedule",
    summary: "Schedule the next renewal or a plan change (no payment now)",
    from: "body",
    input: schedulePayloadSchema,
    response: scheduleResponseSchema,
    run: ({ payments, scope }, body) => payments.renewals.scheduleRenewal(scope, body),
  }),
  customerStep({
    method: "POST",
    url: "/api/v1/fortis/membership/cancel",
    summary: "Cancel a card-paid membership: renewal stops, usable until it expires",
    from: "body",
    input: providerCancelPayloadSchema,
    response: cancelResponseSchema,
    run: ({ payments, scope }, body) =>
      cancelOwn(
        payments,
        scope,
        body.membershipId,
        body.customerId === scope.customer.id && body.shopId === scope.shopId,
      ),
  }),
  customerStep({
    method: "PUT",
    url: "/api/v1/customer/memberships/cancel-customer-membership/:id",
    summary: "The customer cancels their membership ({id}: the customer)",
    params: idParams,
    from: "body",
    input: customerCancelPayloadSchema,
    response: cancelResponseSchema,
    run: ({ payments, scope }, body, { id }) => {
      const claimedShop = body.shopId;
      const shopHolds = !claimedShop || claimedShop === scope.shopId;
      return cancelOwn(payments, scope, body.membershipId, id === scope.customer.id && shopHolds);
    },
  }),
  customerStep({
    method: "POST",
    url: "/api/v1/customer/offers/purchase-offer/:id",
    summary: "Buy an offer ({id}: the customer), with optional cashback; done or a checkout",
    params: idParams,
    from: "body",
    input: purchaseOfferPayloadSchema,
    response: purchaseOfferResponseSchema,
    status: "sale",
    run: ({ payments, scope }, body, { id }) => payments.checkout.purchaseOffer(scope, id, body),
  }),
];

// The owner's checks give the same merchant session as the shop merchant's.
const merchantStep = guardedSteps<{
  payments: PaymentsService;
  session: Awaited<ReturnType<typeof requireShopMerchant>>;
}>();

/** The owner's or staff's calls. */
const merchantSteps = [
  merchantStep({
    method: "POST",
    url: "/api/v1/memberships/cancel-customer-membership",
    summary: "The merchant cancels a member's membership",
    from: "body",
    input: merchantCancelPayloadSchema,
    response: cancelResponseSchema,
    run: ({ payments, session }, body) =>
      payments.renewals.cancelMembership({
        shopId: session.shopId,
        customerId: body.customerId,
        membershipId: body.membershipId,
        actor: {
          kind: "merchant",
          userId: session.user.id,
          name: `${session.user.firstName} ${session.user.lastName}`.trim(),
        },
      }),
  }),
  merchantStep({
    method: "GET",
    url: "/api/v1/fortis/onboarding",
    summary: "The shop's card payment account: connected or not",
    response: paymentAccountResponseSchema,
    run: async ({ payments, session }) => ({
      account: await payments.onboarding.getAccount(session.shopId),
    }),
  }),
];

/** The owner's money calls, each behind a fresh two-factor code. */
const ownerSteps = [
  merchantStep({
    method: "POST",
    url: "/api/v1/transactions/refund/:id",
    summary: "Refund a payment (owner): money back, the purchase ends",
    params: idParams,
    response: refundResponseSchema,
    run: ({ payments, session }, _, { id }) =>
      payments.refunds.refundTransaction({ shopId: session.shopId, transactionId: id }),
  }),
  merchantStep({
    method: "POST",
    url: "/api/v1/fortis/onboarding",
    summary: "Start payment onboarding (owner): the provider's application link",
    response: onboardingResponseSchema,
    run: ({ payments, session }) =>
      payments.onboarding.startOnboarding({ shopId: session.shopId, owner: session.user }),
  }),
];

export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  postbackCredentials: { username: string; password: string };
}> = async (app, opts) => {
  const { payments } = opts;

  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ payments, scope: await customerScope(request) }),
    customerSteps,
  );
  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ payments, session: await requireShopMerchant(request) }),
    merchantSteps,
  );
  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ payments, session: await requireOwnerWithFreshCode(request) }),
    ownerSteps,
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
  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ payments, scope: await customerScope(request) }),
    [
      customerStep({
        method: "POST",
        url: "/api/v1/customer/memberships/:id/pay-renewal",
        summary:
          "Pay an unpaid renewal now ({id}: the customer's membership): a card checkout for it",
        params: idParams,
        response: intentionResponseSchema,
        run: ({ payments, scope }, _, { id }) => payments.checkout.payOverdueRenewal(scope, id),
      }),
    ],
  );
};
