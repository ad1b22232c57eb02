import {
  dryRunPayloadSchema,
  idSchema,
  MEMBER_IMPORT_MESSAGES as M,
  MEMBER_IMPORT_MAX_BYTES,
  memberImportResponseSchema,
  memberImportRowsQuerySchema,
  memberImportRowsResponseSchema,
  startImportPayloadSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../errors";
import { NOT_MULTIPART_MESSAGE } from "../../../infra/images";
import { bearerSecurity, requireOwner } from "../../../plugins/auth";
import { guardedSteps, registerGuardedSteps } from "../../../plugins/merchant-steps";
import type { MemberImportService } from "./service";

const tags = ["members"];
const params = z.object({ id: idSchema });

const step = guardedSteps<{ importer: MemberImportService; shopId: number }>();

/** An uploaded import's steps: its state, the dry run, its rows, and the import itself. */
const importSteps = [
  step({
    method: "GET",
    url: "/api/v1/member/imports/:id",
    summary: "An import's state: mapping, dry-run counts, and the job's progress",
    params,
    response: memberImportResponseSchema,
    run: async ({ importer, shopId }, _, { id }) => ({ import: await importer.get(shopId, id) }),
  }),
  step({
    method: "POST",
    url: "/api/v1/member/imports/:id/dry-run",
    summary: "Check every row with a column mapping: what each would create or update, or why not",
    description:
      "`mapping[i]` is the field of column i, or null to skip it. Nothing is imported; the verdicts are kept for `GET …/rows` and the import.",
    params,
    from: "body",
    input: dryRunPayloadSchema,
    response: memberImportResponseSchema,
    run: async ({ importer, shopId }, body, { id }) => ({
      import: await importer.dryRun(shopId, id, body.mapping),
    }),
  }),
  step({
    method: "GET",
    url: "/api/v1/member/imports/:id/rows",
    summary: "The dry run's verdict (and the import's outcome) per row, paged",
    params,
    from: "querystring",
    input: memberImportRowsQuerySchema,
    response: memberImportRowsResponseSchema,
    run: ({ importer, shopId }, query, { id }) => importer.rows(shopId, id, query),
  }),
  step({
    method: "POST",
    url: "/api/v1/member/imports/:id/start",
    summary: "Import the rows the dry run passed, as a job (progress over the socket)",
    description:
      "Answers 202 at once; follow `GET /member/imports/:id` or the socket's `importProgress` event. With `sendInvitations`, each new member gets the shop's e-mail to set a password.",
    params,
    from: "body",
    input: startImportPayloadSchema,
    response: memberImportResponseSchema,
    status: 202,
    run: async ({ importer, shopId }, body, { id }) => ({
      message: M.started,
      import: await importer.start(shopId, id, { sendInvitations: body.sendInvitations }),
    }),
  }),
];

/**
 * Member import (issue 18), owner only: staff are refused (403). A read-write API key may import
 * (a shop's own system syncing its members); a read-only key may only read an import's status.
 */
export const memberImportRoutes: FastifyPluginAsyncZod<{ importer: MemberImportService }> = async (
  app,
  opts,
) => {
  const { importer } = opts;

  app.post(
    "/api/v1/member/imports",
    {
      schema: {
        tags,
        summary: "Upload a members CSV (up to 50 MB): answers its header, first rows and a mapping",
        description:
          "multipart/form-data with one file field `file`. The file is read as a stream and its rows stored for the dry run; nothing is imported yet. `suggestedMapping` maps each column to a field by its header (the export's own headers map exactly).",
        consumes: ["multipart/form-data"],
        security: bearerSecurity,
        response: { 201: memberImportResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwner(request);
      if (!request.isMultipart()) throw new AppError("BAD_REQUEST", NOT_MULTIPART_MESSAGE);
      const part = await request
        .file({ limits: { fileSize: MEMBER_IMPORT_MAX_BYTES, files: 1, parts: 10 } })
        .catch(() => undefined);
      if (part?.fieldname !== "file") throw new AppError("BAD_REQUEST", M.fileRequired);
      const result = await importer.upload(
        { shopId: session.shopId, userId: session.user.id },
        { stream: part.file, fileName: part.filename, truncated: () => part.file.truncated },
      );
      return reply.code(201).send({ import: result });
    },
  );

  registerGuardedSteps(
    app,
    tags,
    async (request) => ({ importer, shopId: (await requireOwner(request)).shopId }),
    importSteps,
  );
};
