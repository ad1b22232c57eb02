import { MEMBER_CSV_FIELDS, memberListQuerySchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireShopMerchant } from "../../../plugins/auth";
import { registerCsvDownload } from "../../../plugins/csv-download";
import type { MemberExport } from "./service";

const exportQuerySchema = memberListQuerySchema.omit({
  page: true,
  pageSize: true,
  lastActivity: true,
});

export const memberExportRoutes: FastifyPluginAsyncZod<{ exporter: MemberExport }> = async (
  app,
  opts,
) => {
  registerCsvDownload(app, {
    url: "/api/v1/member/export-members",
    tags: ["members"],
    summary: "Download the members list as CSV (streamed), with the list's filter",
    description: `\`active\`, \`inactive\` and \`search\` as for \`GET /member/get-all-members\`. Answers \`text/csv\` (UTF-8 with a byte-order mark, CRLF lines) named \`members_{YYYY-MM-DD}.csv\`. Columns, the ones the member import reads: ${MEMBER_CSV_FIELDS.map((f) => f.label).join(", ")}. Dates are YYYY-MM-DD in the shop's time zone, the balance in dollars ("12.50"), the payment type card, pos or cash. No members: the header alone.`,
    querystring: exportQuerySchema,
    run: async (request, query) =>
      opts.exporter.exportMembers((await requireShopMerchant(request)).shopId, query),
  });
};
