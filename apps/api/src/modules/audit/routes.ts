import { auditFilterSchema, auditListQuerySchema, auditListResponseSchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerSecurity, requireOwner } from "../../plugins/auth";
import { guardedSteps, registerGuardedSteps } from "../../plugins/merchant-steps";
import type { AuditService } from "./service";

const tags = ["audit"];
const FILTER_TEXT =
  "Filters: `actorId` (a user of the shop), `action` (one of the audited actions), `from` and `to` (calendar days YYYY-MM-DD in the shop's time zone, both included).";

/** The log itself, a page at a time. */
const listStep = guardedSteps<{ audit: AuditService; shopId: number }>()({
  method: "GET",
  url: "/api/v1/audit-log",
  summary: "The shop's audit log, newest first, with the actors to filter by",
  description: `${FILTER_TEXT} Paging: \`page\`, \`pageSize\`.`,
  from: "querystring",
  input: auditListQuerySchema,
  response: auditListResponseSchema,
  run: ({ audit, shopId }, query) => audit.list(shopId, query),
});

/** The owner's audit log. Staff get 403 like every owner-only area; records are never changed. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, opts) => {
  const { audit } = opts;

  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ audit, shopId: (await requireOwner(request)).shopId }),
    [listStep],
  );

  app.get(
    "/api/v1/audit-log/export",
    {
      schema: {
        tags,
        summary: "The filtered audit log as CSV (the download is itself recorded)",
        description: `${FILTER_TEXT} Answers \`text/csv\` (UTF-8 with a byte-order mark, CRLF lines), at most 50,000 records.`,
        produces: ["text/csv"],
        security: bearerSecurity,
        querystring: auditFilterSchema,
      },
    },
    async (request, reply) => {
      const session = await requireOwner(request);
      const file = await audit.exportCsv(session.shopId, request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "no-store")
        .send(file.body);
    },
  );
};
