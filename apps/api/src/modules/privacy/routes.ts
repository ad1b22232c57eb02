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
import type { Person } from "./repo";
import type { DataExport, PrivacyService, Requester } from "./service";

const tags = ["privacy"];
const ZIP_TEXT =
  "Answers `application/zip`, streamed: README.txt, profile.json, memberships.json, transactions.json, redemptions.json, offers.json, cashback-ledger.json and notifications.json (dates ISO 8601 UTC, amounts in dollars). The download is audit-logged.";
const ERASE_TEXT =
  'Body `{ "confirm": "ERASE" }`. Anonymises the person in this shop (name, e-mail, phone, picture, password, card code, saved cards), cancels the renewal of their membership, ends their sessions and sign-in codes; payments, ledger and redemptions stay with their amounts. A second request changes nothing and answers `erased: false`. Audit-logged.';

function sendZip(reply: FastifyReply, file: DataExport) {
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.stream);
}

/**
 * One side of the privacy routes: the customer acting for themself, or the shop's owner acting
 * on a member's request. Both export and erase the same way; they differ in their URLs, words,
 * and in who may ask (`resolve` checks that and names whose data it is and who acts).
 */
type Side = {
  exportUrl: string;
  exportSummary: string;
  eraseUrl: string;
  eraseSummary: string;
  resolve(request: FastifyRequest, id: number): Promise<{ who: Person; by: Requester }>;
};

const sides: Side[] = [
  {
    exportUrl: "/api/v1/customer/privacy/export/:id",
    exportSummary: "Download all my data in this shop as a zip of JSON files",
    eraseUrl: "/api/v1/customer/privacy/erase/:id",
    eraseSummary: "Delete my account: erase my personal data in this shop and sign me out",
    // Only the signed-in customer whose id is `{id}`; another customer's id answers 404.
    async resolve(request, id) {
      const session = await requireCustomer(request);
      const customerId = session.customer.id;
      if (customerId !== id) {
        throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.notFound);
      }
      return { who: { shopId: session.shopId, customerId }, by: { kind: "customer", customerId } };
    },
  },
  {
    exportUrl: "/api/v1/privacy/members/:id/export",
    exportSummary: "Download a member's data in this shop as a zip of JSON files (owner)",
    eraseUrl: "/api/v1/privacy/members/:id/erase",
    eraseSummary: "Erase a member's personal data on their request (owner)",
    async resolve(request, id) {
      const { shopId, user } = await requireOwner(request);
      const name = `${user.firstName} ${user.lastName}`.trim();
      return {
        who: { shopId, customerId: id },
        by: { kind: "owner", userId: user.id, name },
      };
    },
  },
];

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

  for (const side of sides) {
    app.get(
      side.exportUrl,
      {
        schema: {
          tags,
          summary: side.exportSummary,
          description: ZIP_TEXT,
          produces: ["application/zip"],
          security: bearerSecurity,
          params: customerIdParamsSchema,
        },
      },
      async (request, reply) => {
        const { who } = await side.resolve(request, request.params.id);
        return sendZip(reply, await privacy.exportData(who));
      },
    );

    app.post(
      side.eraseUrl,
      {
        schema: {
          tags,
          summary: side.eraseSummary,
          description: ERASE_TEXT,
          security: bearerSecurity,
          params: customerIdParamsSchema,
          body: erasurePayloadSchema,
          response: { 200: erasureResponseSchema },
        },
      },
      async (request) => {
        const { who, by } = await side.resolve(request, request.params.id);
        return privacy.erase(who, by);
      },
    );
  }
};
