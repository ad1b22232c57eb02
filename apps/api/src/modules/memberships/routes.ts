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
import { bearerSecurity, requireShopMerchant } from "../../plugins/auth";
import { conditionalPublicRead } from "../../plugins/public-cache";
import type { MembershipsService } from "./service";

const tags = ["memberships"];

export const membershipRoutes: FastifyPluginAsyncZod<{ memberships: MembershipsService }> = async (
  app,
  opts,
) => {
  const { memberships } = opts;

  app.post(
    "/api/v1/memberships/create-membership",
    {
      schema: {
        tags,
        summary: "Create a membership tier with its benefits",
        security: bearerSecurity,
        body: membershipTierSchema,
        response: { 201: saveMembershipResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireShopMerchant(request);
      return reply.code(201).send(await memberships.createMembership(session, request.body));
    },
  );

  app.get(
    "/api/v1/memberships/get-single-membership",
    {
      schema: {
        tags,
        summary: "One tier of the merchant's shop, with its benefits and figures",
        security: bearerSecurity,
        querystring: idQuerySchema,
        response: { 200: getMembershipResponseSchema },
      },
    },
    async (request) =>
      memberships.getMembership(await requireShopMerchant(request), request.query.id),
  );

  app.get(
    "/api/v1/memberships/get-all-memberships",
    {
      schema: {
        tags,
        summary: "The shop's tiers",
        description:
          "Without filters every tier. `active=true`: published tiers. `inactive=true`: archived tiers, i.e. `inactive` and `deleted` (read-only). Both flags: every tier. `tiers`: only these ids, as a JSON list (`[1,2]`) or comma-separated.",
        security: bearerSecurity,
        querystring: membershipListQuerySchema,
        response: { 200: getMembershipsResponseSchema },
      },
    },
    async (request) =>
      memberships.listMemberships(await requireShopMerchant(request), request.query),
  );

  app.put(
    "/api/v1/memberships/update-membership-by-id",
    {
      schema: {
        tags,
        summary: "Update a tier and its benefits (the create fields plus id)",
        description:
          "Benefits sent with their `id` are updated, those without are added, those left out are removed. A `deleted` tier cannot be changed (422).",
        security: bearerSecurity,
        body: updateMembershipTierSchema,
        response: { 200: saveMembershipResponseSchema },
      },
    },
    async (request) =>
      memberships.updateMembership(await requireShopMerchant(request), request.body),
  );

  app.delete(
    "/api/v1/memberships/delete-membership-by-id",
    {
      schema: {
        tags,
        summary:
          "Delete a tier: removed when never used, archived as `deleted` when it had members",
        security: bearerSecurity,
        querystring: idQuerySchema,
        response: { 200: deleteMembershipResponseSchema },
      },
    },
    async (request) =>
      memberships.deleteMembership(await requireShopMerchant(request), request.query.id),
  );

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
