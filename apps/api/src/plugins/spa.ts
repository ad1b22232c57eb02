import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { NOT_FOUND_MESSAGE } from "./errors";

// API paths, and build assets that do not exist (a stale tab after a deploy), never get the SPA.
const NOT_PAGES = /^\/(api|socket\.io|assets|uploads)(\/|$|\?)/;

/**
 * Serves the built SPA from the API's own port: content-hashed assets are cached for a year,
 * everything else (index.html above all) is revalidated so a deploy shows at once.
 * Client routes answer index.html; unknown /api paths answer JSON 404.
 */
export async function registerSpaHosting(app: FastifyInstance, opts: { webDist: string }) {
  const hasSpa = existsSync(join(opts.webDist, "index.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: "/",
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: ["index.html"],
      // The build writes .br and .gz beside each text file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasSpa &&
      (request.method === "GET" || request.method === "HEAD") &&
      !NOT_PAGES.test(request.url);
    if (wantsPage) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
  });
}
