import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Public reads (the storefront and its three separate calls) may be kept by browsers and shared
 * caches, but must be revalidated on every use: a merchant who edits a tier or ends an offer
 * expects the next visitor to see it. The revalidation is cheap (a 304 without a body), so a
 * repeat visit costs a round trip and no bytes.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** Strong validator: a hash of the exact JSON the server sends. */
export function etagFor(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison, so `W/` prefixes are ignored. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((item) => {
    const tag = item.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}

/**
 * Route-level `onSend` for public reads: adds ETag and Cache-Control to a 200 and answers 304
 * with no body when the client's copy is current. Route-level, so it runs before the compression
 * hook that @fastify/compress appends to each route: the hash is taken over the plain JSON and
 * a 304 has nothing to compress.
 */
export async function conditionalPublicRead(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== "string") return payload;
  const etag = etagFor(payload);
  reply.header("etag", etag).header("cache-control", PUBLIC_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) {
    reply.code(304).removeHeader("content-type").removeHeader("content-length");
    return "";
  }
  return payload;
}
