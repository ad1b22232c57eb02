import {
  deleteMembershipResponseSchema,
  getActiveMembershipsResponseSchema,
  getMembershipResponseSchema,
  getMembershipsResponseSchema,
  idQuerySchema,
  membershipListQuerySchema,
  membershipTierSchema,
  saveMembershipResponseSchema,
  shopIdQuerySchema,
  updateMembershipTierSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { merchantStep, registerMerchantSteps } from "../../plugins/merchant-steps";
import { conditionalPublicRead } from "../../plugins/public-cache";
import type { MembershipsService } from "./service";

const tags = ["memberships"];

export const membershipRoutes: FastifyPluginAsyncZod<{ memberships: MembershipsService }> = async (
  app,
  opts,
) => {
  const { memberships } = opts;

  registerMerchantSteps(app, tags, [
    merchantStep({
      method: "POST",
      url: "/api/v1/memberships/create-membership",
      summary: "Create a membership tier with its benefits",
      from: "body",
      input: membershipTierSchema,
      status: 201,
      response: saveMembershipResponseSchema,
      run: (session, body) => memberships.createMembership(session, body),
    }),
    merchantStep({
      method: "GET",
      url: "/api/v1/memberships/get-single-membership",
      summary: "One tier of the merchant's shop, with its benefits and figures",
      from: "querystring",
      input: idQuerySchema,
      response: getMembershipResponseSchema,
      run: (session, query) => memberships.getMembership(session, query.id),
    }),
    merchantStep({
      method: "GET",
      url: "/api/v1/memberships/get-all-memberships",
      summary: "The shop's tiers",
      description:
        "Without filters every tier. `active=true`: published tiers. `inactive=true`: archived tiers, i.e. `inactive` and `deleted` (read-only). Both flags: every tier. `tiers`: only these ids, as a JSON list (`[1,2]`) or comma-separated.",
      from: "querystring",
      input: membershipListQuerySchema,
      response: getMembershipsResponseSchema,
      run: (session, query) => memberships.listMemberships(session, query),
    }),
    merchantStep({
      method: "PUT",
      url: "/api/v1/memberships/update-membership-by-id",
      summary: "Update a tier and its benefits (the create fields plus id)",
      description:
        "Benefits sent with their `id` are updated, those without are added, those left out are removed. A `deleted` tier cannot be changed (422).",
      from: "body",
      input: updateMembershipTierSchema,
      response: saveMembershipResponseSchema,
      run: (session, body) => memberships.updateMembership(session, body),
    }),
    merchantStep({
      method: "DELETE",
      url: "/api/v1/memberships/delete-membership-by-id",
      summary: "Delete a tier: removed when never used, archived as `deleted` when it had members",
      from: "querystring",
      input: idQuerySchema,
      response: deleteMembershipResponseSchema,
      run: (session, query) => memberships.deleteMembership(session, query.id),
    }),
  ]);

  app.get(
    "/api/v1/customer/memberships/get-active-memberships",
    {
      schema: {
        tags: ["storefront"],
        summary: "A shop's published tiers with their benefits (public)",
        querystring: shopIdQuerySchema,
        response: { 200: getActiveMembershipsResponseSchema },
      },
      onSend: conditionalPublicRead,
    },
    async (request) => memberships.listPublishedMemberships(request.query.shopId),
  );
};
