import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const negotiator = new Negotiator({ supportedValues: ["br", "gzip"] });

/**
 * Sends a page the server wrote (a shop's storefront or sign-in page with its data block)
 * compressed as the browser accepts. The SPA's own files come precompressed from the build and
 * the API's replies through @fastify/compress, which does not see the not-found handler these
 * pages are answered from. Brotli at 4, as for the API: a page is written per request.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type("text/html; charset=utf-8").header("vary", "Accept-Encoding");
  const accepted = request.headers["accept-encoding"];
  const encoding = typeof accepted === "string" ? negotiator.negotiate(accepted) : null;
  if (encoding === "br") {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    return reply.header("content-encoding", "br").send(body);
  }
  if (encoding === "gzip") {
    return reply.header("content-encoding", "gzip").send(await gzipAsync(html, { level: 6 }));
  }
  return reply.send(html);
}
