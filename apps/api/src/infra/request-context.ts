import { AsyncLocalStorage } from "node:async_hooks";
import { type Locale, parseAcceptLanguage, pickLocale } from "@tessera/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The request being served, for what services record or decide without every call passing it
 * along: who acted and from where (the audit log), and the language the visitor reads (a new
 * customer's language). A job or a provider postback runs outside any request.
 */
const requests = new AsyncLocalStorage<FastifyRequest>();

/**
 * Enters the request's context just before its handler runs (after body parsing, which would
 * otherwise run outside it), so everything the handler awaits sees it.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook("preHandler", (request, _reply, done) => {
    requests.run(request, done);
  });
}

export function currentRequest(): FastifyRequest | undefined {
  return requests.getStore();
}

/**
 * The language of the request's `Accept-Language`, when it is one of ours: the web app sends
 * the page's active language there, so a customer created by this request keeps it.
 */
export function requestLocale(): Locale | null {
  return pickLocale(parseAcceptLanguage(currentRequest()?.headers["accept-language"]));
}
