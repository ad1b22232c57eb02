import {
  customerIdParamsSchema,
  erasurePayloadSchema,
  erasureResponseSchema,
  PRIVACY_MESSAGES,
} from "@tessera/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import { bearerSecurity, requireCustomer, requireOwner } from "../../plugins/auth";
import type { DataExport, PrivacyService } from "./service";

const tags = ["privacy"];
const ZIP_TEXT =
  "Answers `application/zip`, streamed: README.txt, profile.json, memberships.json, transactions.json, redemptions.json, offers.json, cashback-ledger.json and notifications.json (dates ISO 8601 UTC, amounts in dollars). The download is audit-logged.";
const ERASE_TEXT =
  'Body `{ "confirm": "ERASE" }`. Anonymises the person in this shop (name, e-mail, phone, picture, password, card code, saved cards), cancels the renewal of their membership, ends their sessions and sign-in codes; payments, ledger and redemptions stay with their amounts. A second request changes nothing and answers `erased: false`. Audit-logged.';

/** The signed-in customer whose id is `{id}`; another customer's id answers 404. */
async function requireSelf(request: FastifyRequest, id: number) {
  const session = await requireCustomer(request);
  if (session.customer.id !== id) throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.notFound);
  return session;
}

function sendZip(reply: FastifyReply, file: DataExport) {
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.stream);
}

/**
 * A customer's data export and erasure, by themself (customer area) or by the shop's owner on
 * their request (member detail). Staff may do neither: erasure cannot be undone, and a full
 * export is the person's whole history. API keys are refused too (a person decides these).
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (
  app,
  opts,
) => {
  const { privacy } = opts;

  app.get(
    "/api/v1/customer/privacy/export/:id",
    {
      schema: {
        tags,
        summary: "Download all my data in this shop as a zip of JSON files",
        description: ZIP_TEXT,
        produces: ["application/zip"],
        security: bearerSecurity,
        params: customerIdParamsSchema,
      },
    },
    async (request, reply) => {
      const session = await requireSelf(request, request.params.id);
      const who = { shopId: session.shopId, customerId: session.customer.id };
      return sendZip(reply, await privacy.exportData(who));
    },
  );

  app.post(
    "/api/v1/customer/privacy/erase/:id",
    {
      schema: {
        tags,
        summary: "Delete my account: erase my personal data in this shop and sign me out",
        description: ERASE_TEXT,
        security: bearerSecurity,
        params: customerIdParamsSchema,
        body: erasurePayloadSchema,
        response: { 200: erasureResponseSchema },
      },
    },
    async (request) => {
      const session = await requireSelf(request, request.params.id);
      const who = { shopId: session.shopId, customerId: session.customer.id };
      return privacy.erase(who, { kind: "customer", customerId: session.customer.id });
    },
  );

  app.get(
    "/api/v1/privacy/members/:id/export",
    {
      schema: {
        tags,
        summary: "Download a member's data in this shop as a zip of JSON files (owner)",
        description: ZIP_TEXT,
        produces: ["application/zip"],
        security: bearerSecurity,
        params: customerIdParamsSchema,
      },
    },
    async (request, reply) => {
      const session = await requireOwner(request);
      const who = { shopId: session.shopId, customerId: request.params.id };
      return sendZip(reply, await privacy.exportData(who));
    },
  );

  app.post(
    "/api/v1/privacy/members/:id/erase",
    {
      schema: {
        tags,
        summary: "Erase a member's personal data on their request (owner)",
        description: ERASE_TEXT,
        security: bearerSecurity,
        params: customerIdParamsSchema,
        body: erasurePayloadSchema,
        response: { 200: erasureResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      const { user } = session;
      return privacy.erase(
        { shopId: session.shopId, customerId: request.params.id },
        { kind: "owner", userId: user.id, name: `${user.firstName} ${user.lastName}`.trim() },
      );
    },
  );
};
