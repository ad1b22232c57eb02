import {
  cancelResponseSchema,
  completeCheckoutPayloadSchema,
  counterOfferPayloadSchema,
  createMemberResponseSchema,
  getMemberResponseSchema,
  getMembersResponseSchema,
  getMemberTransactionsResponseSchema,
  idSchema,
  memberListQuerySchema,
  memberPaymentPayloadSchema,
  memberPaymentResponseSchema,
  memberStatusPayloadSchema,
  merchantCancelPayloadSchema,
  messageResponseSchema,
  newMemberSchema,
  paginationQuerySchema,
  purchaseOfferResponseSchema,
  purchaseResultSchema,
  saveMemberResponseSchema,
  updateMemberMembershipPayloadSchema,
  updateMemberMembershipResponseSchema,
  updateMemberPayloadSchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerSecurity, requireShopMerchant } from "../../plugins/auth";
import type { PaymentsService } from "../payments/service";
import type { MembersService, MerchantScope } from "./service";

const tags = ["members"];
const idParams = z.object({ id: idSchema });

/** The owner or active staff in their shop: the session decides the shop (DOMAIN). */
async function merchantScope(request: FastifyRequest): Promise<MerchantScope> {
  const session = await requireShopMerchant(request);
  const { user } = session;
  return {
    shopId: session.shopId,
    actor: {
      kind: "merchant",
      userId: user.id,
      name: `${user.firstName} ${user.lastName}`.trim(),
    },
  };
}

/** Members of the merchant's shop (spec §7 "Members"; the spec leaves the paths to us). */
export const memberRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  payments: PaymentsService;
}> = async (app, opts) => {
  const { members, payments } = opts;

  app.get(
    "/api/v1/member/get-all-members",
    {
      schema: {
        tags,
        summary: "The shop's members, a page at a time",
        description:
          "`active=true`: members whose status is active; `inactive=true`: every other status (inactive, cancelled, disabled); both or neither: all. Newest members first, or with `lastActivity=true` the most recently active (latest of joining, a payment or a redemption) first. `search`: part of the name or e-mail, any case. `page` (from 1) and `pageSize` (1–100, default 20).",
        security: bearerSecurity,
        querystring: memberListQuerySchema,
        response: { 200: getMembersResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.listMembers(scope.shopId, request.query);
    },
  );

  app.get(
    "/api/v1/member/get-single-member/:id",
    {
      schema: {
        tags,
        summary: "One member with the detail page's panels and recent transactions and redemptions",
        security: bearerSecurity,
        params: idParams,
        response: { 200: getMemberResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.getMember(scope.shopId, request.params.id);
    },
  );

  app.get(
    "/api/v1/member/get-member-transactions/:id",
    {
      schema: {
        tags,
        summary: "A member's payments, newest first, a page at a time",
        security: bearerSecurity,
        params: idParams,
        querystring: paginationQuerySchema,
        response: { 200: getMemberTransactionsResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.listTransactions(scope.shopId, request.params.id, request.query);
    },
  );

  app.post(
    "/api/v1/member/create-member",
    {
      schema: {
        tags,
        summary: "Add a member; they get an e-mail to set a first password",
        description:
          "firstName, lastName, email, phoneNumber (with optional phoneCountry), and optionally membershipId with planType and paymentType (Card/pos or Cash). The member is created without a membership; with a plan, `paymentRequired` is true and the payment follows at `POST /member/set-payment`.",
        security: bearerSecurity,
        body: newMemberSchema,
        response: { 201: createMemberResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await merchantScope(request);
      return reply.code(201).send(await members.createMember(scope, request.body));
    },
  );

  app.post(
    "/api/v1/member/set-payment",
    {
      schema: {
        tags,
        summary: "Add New Member's payment step: Cash activates now, Card opens a checkout",
        description:
          "paymentType (Card/pos or Cash), discount (0–100 %), finalPrice (ignored: the server computes the price from the tier and the discount), membershipId, planType, and the member's firstName, lastName, email, phone. The member is found by e-mail (or added). Cash: a `cash` transaction, membership active (201, `completed`). Card: a `pos` checkout (200, `checkout`); pay it in the card form, then post the provider's transaction id to `POST /member/payments/complete`.",
        security: bearerSecurity,
        body: memberPaymentPayloadSchema,
        response: { 200: memberPaymentResponseSchema, 201: memberPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await merchantScope(request);
      const result = await members.payForNewMember(scope, request.body);
      return reply.code(result.outcome === "completed" ? 201 : 200).send(result);
    },
  );

  app.put(
    "/api/v1/member/update-member",
    {
      schema: {
        tags,
        summary: "Update a member's names and phone (the e-mail is read-only)",
        security: bearerSecurity,
        body: updateMemberPayloadSchema,
        response: { 200: saveMemberResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.updateMember(scope.shopId, request.body);
    },
  );

  app.put(
    "/api/v1/member/update-membership",
    {
      schema: {
        tags,
        summary: "Manage Membership: buy, pay an unpaid renewal, or change at the next renewal",
        description:
          "userId, membershipId, optional plan (the tier's renewal), paymentType (Card/pos or Cash), optional discount (0–100 %) and activeMembershipId (the current membership the modal showed). Without a current membership: a sale (`completed` for Cash, `checkout` for Card). With a renewal payment outstanding: that payment (`completed` or `checkout`). Active or cancelled: the tier becomes the next renewal's, no payment now (`scheduled`); Cash stops charging a saved card.",
        security: bearerSecurity,
        body: updateMemberMembershipPayloadSchema,
        response: { 200: updateMemberMembershipResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.changeMembership(scope, request.body);
    },
  );

  app.post(
    "/api/v1/member/delete-membership",
    {
      schema: {
        tags,
        summary: "Cancel a member's membership: renewal stops, usable until it expires",
        security: bearerSecurity,
        body: merchantCancelPayloadSchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.cancelMembership(scope, request.body);
    },
  );

  app.put(
    "/api/v1/member/update-member-status/:id",
    {
      schema: {
        tags,
        summary: "Disable (ends their sessions; no sign-in, purchase or redemption) or enable",
        security: bearerSecurity,
        params: idParams,
        body: memberStatusPayloadSchema,
        response: { 200: saveMemberResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.setStatus(scope.shopId, request.params.id, request.body.status);
    },
  );

  app.delete(
    "/api/v1/member/delete-member/:id",
    {
      schema: {
        tags,
        summary: "Delete a member: personal data goes, the shop's history keeps their name",
        security: bearerSecurity,
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return members.deleteMember(scope.shopId, request.params.id);
    },
  );

  app.post(
    "/api/v1/member/purchase-offer/:id",
    {
      schema: {
        tags,
        summary: "Sell an offer to a member at the counter ({id}: the member)",
        description:
          "offerId, paymentType (Card/pos or Cash), cashbackUsed (dollars, up to min(balance, price)). Cash, or cashback covering the price: done (201, `completed`). Card: a `pos` checkout for the rest (200, `checkout`), completed by `POST /member/payments/complete`.",
        security: bearerSecurity,
        params: idParams,
        body: counterOfferPayloadSchema,
        response: { 200: purchaseOfferResponseSchema, 201: purchaseOfferResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await merchantScope(request);
      const result = await payments.counter.sellOfferAtCounter({
        shopId: scope.shopId,
        customerId: request.params.id,
        offerId: request.body.offerId,
        cashbackUsed: request.body.cashbackUsed,
        paymentType: request.body.paymentType,
        actor: scope.actor,
      });
      return reply.code(result.outcome === "completed" ? 201 : 200).send(result);
    },
  );

  app.post(
    "/api/v1/member/payments/complete",
    {
      schema: {
        tags,
        summary: "The counter card form's done: verify with the provider, then grant once",
        security: bearerSecurity,
        body: completeCheckoutPayloadSchema,
        response: { 200: purchaseResultSchema },
      },
    },
    async (request) => {
      const scope = await merchantScope(request);
      return payments.counter.completeCounterCheckout({
        shopId: scope.shopId,
        checkoutId: request.body.checkoutId,
        transactionId: request.body.transactionId,
        actor: scope.actor,
      });
    },
  );
};
