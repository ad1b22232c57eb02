import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Compresses API replies (JSON, the CSV exports) on the fly. Only the API: the web build ships
 * its own .br/.gz files, written once at brotli 11, which spa.ts serves by negotiation.
 * Must be registered before the routes, since @fastify/compress attaches itself per route.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    // Static files (the SPA, uploads) are precompressed or not compressible; recompressing a
    // fallback per request would spend CPU the build already spent.
    if (!route.url.startsWith("/api/") && route.compress === undefined) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    // Below about a kilobyte the headers and the CPU cost more than the bytes saved.
    threshold: 1024,
    // Quality 4 compresses JSON nearly as well as 11 at a small fraction of the time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
