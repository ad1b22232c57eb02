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
import { z } from "zod";
import { requireShopMerchant } from "../../plugins/auth";
import { guardedSteps, guardedStepsPlugin } from "../../plugins/merchant-steps";
import type { PaymentsService } from "../payments/service";
import type { MembersService, MerchantScope } from "./service";

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

type Ctx = { members: MembersService; payments: PaymentsService; scope: MerchantScope };
const step = guardedSteps<Ctx>();

const memberSteps = [
  step({
    method: "GET",
    url: "/api/v1/member/get-all-members",
    summary: "The shop's members, a page at a time",
    description:
      "`active=true`: members whose status is active; `inactive=true`: every other status (inactive, cancelled, disabled); both or neither: all. Newest members first, or with `lastActivity=true` the most recently active (latest of joining, a payment or a redemption) first. `search`: part of the name or e-mail, any case. `page` (from 1) and `pageSize` (1–100, default 20).",
    from: "querystring",
    input: memberListQuerySchema,
    response: getMembersResponseSchema,
    run: ({ members, scope }, query) => members.listMembers(scope.shopId, query),
  }),
  step({
    method: "GET",
    url: "/api/v1/member/get-single-member/:id",
    summary: "One member with the detail page's panels and recent transactions and redemptions",
    params: idParams,
    response: getMemberResponseSchema,
    run: ({ members, scope }, _, { id }) => members.getMember(scope.shopId, id),
  }),
  step({
    method: "GET",
    url: "/api/v1/member/get-member-transactions/:id",
    summary: "A member's payments, newest first, a page at a time",
    params: idParams,
    from: "querystring",
    input: paginationQuerySchema,
    response: getMemberTransactionsResponseSchema,
    run: ({ members, scope }, query, { id }) => members.listTransactions(scope.shopId, id, query),
  }),
  step({
    method: "POST",
    url: "/api/v1/member/create-member",
    summary: "Add a member; they get an e-mail to set a first password",
    description:
      "firstName, lastName, email, phoneNumber (with optional phoneCountry), and optionally membershipId with planType and paymentType (Card/pos or Cash). The member is created without a membership; with a plan, `paymentRequired` is true and the payment follows at `POST /member/set-payment`.",
    from: "body",
    input: newMemberSchema,
    response: createMemberResponseSchema,
    status: 201,
    run: ({ members, scope }, body) => members.createMember(scope, body),
  }),
  step({
    method: "POST",
    url: "/api/v1/member/set-payment",
    summary: "Add New Member's payment step: Cash activates now, Card opens a checkout",
    description:
      "paymentType (Card/pos or Cash), discount (0–100 %), finalPrice (ignored: the server computes the price from the tier and the discount), membershipId, planType, and the member's firstName, lastName, email, phone. The member is found by e-mail (or added). Cash: a `cash` transaction, membership active (201, `completed`). Card: a `pos` checkout (200, `checkout`); pay it in the card form, then post the provider's transaction id to `POST /member/payments/complete`.",
    from: "body",
    input: memberPaymentPayloadSchema,
    response: memberPaymentResponseSchema,
    status: "sale",
    run: ({ members, scope }, body) => members.payForNewMember(scope, body),
  }),
  step({
    method: "PUT",
    url: "/api/v1/member/update-member",
    summary: "Update a member's names and phone (the e-mail is read-only)",
    from: "body",
    input: updateMemberPayloadSchema,
    response: saveMemberResponseSchema,
    run: ({ members, scope }, body) => members.updateMember(scope.shopId, body),
  }),
  step({
    method: "PUT",
    url: "/api/v1/member/update-membership",
    summary: "Manage Membership: buy, pay an unpaid renewal, or change at the next renewal",
    description:
      "userId, membershipId, optional plan (the tier's renewal), paymentType (Card/pos or Cash), optional discount (0–100 %) and activeMembershipId (the current membership the modal showed). Without a current membership: a sale (`completed` for Cash, `checkout` for Card). With a renewal payment outstanding: that payment (`completed` or `checkout`). Active or cancelled: the tier becomes the next renewal's, no payment now (`scheduled`); Cash stops charging a saved card.",
    from: "body",
    input: updateMemberMembershipPayloadSchema,
    response: updateMemberMembershipResponseSchema,
    run: ({ members, scope }, body) => members.changeMembership(scope, body),
  }),
  step({
    method: "POST",
    url: "/api/v1/member/delete-membership",
    summary: "Cancel a member's membership: renewal stops, usable until it expires",
    from: "body",
    input: merchantCancelPayloadSchema,
    response: cancelResponseSchema,
    run: ({ members, scope }, body) => members.cancelMembership(scope, body),
  }),
  step({
    method: "PUT",
    url: "/api/v1/member/update-member-status/:id",
    summary: "Disable (ends their sessions; no sign-in, purchase or redemption) or enable",
    params: idParams,
    from: "body",
    input: memberStatusPayloadSchema,
    response: saveMemberResponseSchema,
    run: ({ members, scope }, body, { id }) => members.setStatus(scope.shopId, id, body.status),
  }),
  step({
    method: "DELETE",
    url: "/api/v1/member/delete-member/:id",
    summary: "Delete a member: personal data goes, the shop's history keeps their name",
    params: idParams,
    response: messageResponseSchema,
    run: ({ members, scope }, _, { id }) => members.deleteMember(scope.shopId, id),
  }),
  step({
    method: "POST",
    url: "/api/v1/member/purchase-offer/:id",
    summary: "Sell an offer to a member at the counter ({id}: the member)",
    description:
      "offerId, paymentType (Card/pos or Cash), cashbackUsed (dollars, up to min(balance, price)). Cash, or cashback covering the price: done (201, `completed`). Card: a `pos` checkout for the rest (200, `checkout`), completed by `POST /member/payments/complete`.",
    params: idParams,
    from: "body",
    input: counterOfferPayloadSchema,
    response: purchaseOfferResponseSchema,
    status: "sale",
    run: ({ payments, scope }, body, { id }) =>
      payments.counter.sellOfferAtCounter({
        shopId: scope.shopId,
        customerId: id,
        offerId: body.offerId,
        cashbackUsed: body.cashbackUsed,
        paymentType: body.paymentType,
        actor: scope.actor,
      }),
  }),
  step({
    method: "POST",
    url: "/api/v1/member/payments/complete",
    summary: "The counter card form's done: verify with the provider, then grant once",
    from: "body",
    input: completeCheckoutPayloadSchema,
    response: purchaseResultSchema,
    run: ({ payments, scope }, body) =>
      payments.counter.completeCounterCheckout({
        shopId: scope.shopId,
        checkoutId: body.checkoutId,
        transactionId: body.transactionId,
        actor: scope.actor,
      }),
  }),
];

/** Members of the merchant's shop (spec §7 "Members"; the spec leaves the paths to us). */
export const memberRoutes = guardedStepsPlugin(
  ["members"],
  async ({ members, payments }: Pick<Ctx, "members" | "payments">, request) => ({
    members,
    payments,
    scope: await merchantScope(request),
  }),
  memberSteps,
);
