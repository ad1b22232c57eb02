import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { bearerSecurity } from "./auth";

/**
 * The merchant's CSV downloads (the reports and the members list): a GET that reads its filter
 * from the query string and answers the file as an attachment, streamed and never cached.
 */

type CsvFile = { fileName: string; body: Readable };

/** `filename` for every browser plus `filename*` for names beyond ASCII (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type CsvDownload<Query extends z.ZodTypeAny> = {
  url: string;
  tags: string[];
  summary: string;
  description: string;
  querystring: Query;
  /** Checks the caller and makes the file; the query has been validated by `querystring`. */
  run(request: FastifyRequest, query: z.infer<Query>): Promise<CsvFile>;
};

export function registerCsvDownload<Query extends z.ZodTypeAny>(
  app: Pick<FastifyInstance, "route">,
  download: CsvDownload<Query>,
) {
  app.route({
    method: "GET",
    url: download.url,
    schema: {
      tags: download.tags,
      summary: download.summary,
      description: download.description,
      produces: ["text/csv"],
      security: bearerSecurity,
      querystring: download.querystring,
    },
    handler: async (request, reply) => {
      const file = await download.run(request, request.query as z.infer<Query>);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", contentDisposition(file.fileName))
        .header("cache-control", "no-store")
        .send(file.body);
    },
  });
}
