import { open } from "node:fs/promises";
import { extname } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { NOT_FOUND_MESSAGE } from "../../plugins/errors";
import { type DiskStorage, UPLOADS_URL_PREFIX } from "./disk-storage";

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

function notFound(reply: FastifyReply) {
  return reply.code(404).header("cache-control", "no-cache").send({ message: NOT_FOUND_MESSAGE });
}

/**
 * Serves `/uploads/*` from the disk store. A stored file never changes (a new upload gets a new
 * name), so browsers and proxies may keep it for a year. Only names the store itself makes are
 * looked up, which rules out traversal, directory listings and dot files; anything else is the
 * API's JSON 404, never the SPA's index.html.
 */
export function registerUploadsHosting(app: FastifyInstance, storage: DiskStorage) {
  // The folder itself is not a page of the SPA either.
  app.get("/uploads", { schema: { hide: true } }, async (_request, reply) => notFound(reply));
  app.get(`${UPLOADS_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { "*"?: string })["*"] ?? "";
    const path = storage.pathOf(key);
    const contentType = path ? CONTENT_TYPES[extname(path)] : undefined;
    if (!path || !contentType) return notFound(reply);

    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, "r");
    } catch {
      return notFound(reply);
    }
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return notFound(reply);
    }
    return (
      reply
        .header("content-type", contentType)
        .header("content-length", stats.size)
        .header("last-modified", stats.mtime.toUTCString())
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        // Shop logos appear in e-mails, which web mail clients load from their own origin.
        .header("cross-origin-resource-policy", "cross-origin")
        .send(handle.createReadStream())
    );
  });
}
