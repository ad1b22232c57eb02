import { MEMBER_CSV_FIELDS, memberListQuerySchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerSecurity, requireShopMerchant } from "../../../plugins/auth";
import type { MemberExport } from "./service";

const exportQuerySchema = memberListQuerySchema.omit({
  page: true,
  pageSize: true,
  lastActivity: true,
});

/** `filename` for every browser plus `filename*` for names beyond ASCII (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const memberExportRoutes: FastifyPluginAsyncZod<{ exporter: MemberExport }> = async (
  app,
  opts,
) => {
  app.get(
    "/api/v1/member/export-members",
    {
      schema: {
        tags: ["members"],
        summary: "Download the members list as CSV (streamed), with the list's filter",
        description: `\`active\`, \`inactive\` and \`search\` as for \`GET /member/get-all-members\`. Answers \`text/csv\` (UTF-8 with a byte-order mark, CRLF lines) named \`members_{YYYY-MM-DD}.csv\`. Columns, the ones the member import reads: ${MEMBER_CSV_FIELDS.map((f) => f.label).join(", ")}. Dates are YYYY-MM-DD in the shop's time zone, the balance in dollars ("12.50"), the payment type card, pos or cash. No members: the header alone.`,
        produces: ["text/csv"],
        security: bearerSecurity,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const session = await requireShopMerchant(request);
      const file = await opts.exporter.exportMembers(session.shopId, request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(file.fileName))
        .header("cache-control", "no-store")
        .send(file.body);
    },
  );
};
