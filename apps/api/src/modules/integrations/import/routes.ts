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
import type { MemberImportService } from "./service";

const tags = ["members"];
const params = z.object({ id: idSchema });

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

  app.get(
    "/api/v1/member/imports/:id",
    {
      schema: {
        tags,
        summary: "An import's state: mapping, dry-run counts, and the job's progress",
        security: bearerSecurity,
        params,
        response: { 200: memberImportResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return { import: await importer.get(session.shopId, request.params.id) };
    },
  );

  app.post(
    "/api/v1/member/imports/:id/dry-run",
    {
      schema: {
        tags,
        summary:
          "Check every row with a column mapping: what each would create or update, or why not",
        description:
          "`mapping[i]` is the field of column i, or null to skip it. Nothing is imported; the verdicts are kept for `GET …/rows` and the import.",
        security: bearerSecurity,
        params,
        body: dryRunPayloadSchema,
        response: { 200: memberImportResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return {
        import: await importer.dryRun(session.shopId, request.params.id, request.body.mapping),
      };
    },
  );

  app.get(
    "/api/v1/member/imports/:id/rows",
    {
      schema: {
        tags,
        summary: "The dry run's verdict (and the import's outcome) per row, paged",
        security: bearerSecurity,
        params,
        querystring: memberImportRowsQuerySchema,
        response: { 200: memberImportRowsResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return importer.rows(session.shopId, request.params.id, request.query);
    },
  );

  app.post(
    "/api/v1/member/imports/:id/start",
    {
      schema: {
        tags,
        summary: "Import the rows the dry run passed, as a job (progress over the socket)",
        description:
          "Answers 202 at once; follow `GET /member/imports/:id` or the socket's `importProgress` event. With `sendInvitations`, each new member gets the shop's e-mail to set a password.",
        security: bearerSecurity,
        params,
        body: startImportPayloadSchema,
        response: { 202: memberImportResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwner(request);
      const result = await importer.start(session.shopId, request.params.id, {
        sendInvitations: request.body.sendInvitations,
      });
      return reply.code(202).send({ message: M.started, import: result });
    },
  );
};
