import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Where an audited action comes from: the request being served (its session, IP and browser).
 * Kept in async-local storage so the services record who acted without every call passing it
 * along; a job or a provider postback has no signed-in person and is recorded as the system.
 */
const requests = new AsyncLocalStorage<FastifyRequest>();

/**
 * Enters the request's context just before its handler runs (after body parsing, which would
 * otherwise run outside it), so everything the handler awaits sees it.
 */
export function registerAuditContext(app: FastifyInstance) {
  app.addHook("preHandler", (request, _reply, done) => {
    requests.run(request, done);
  });
}

export function currentRequest(): FastifyRequest | undefined {
  return requests.getStore();
}
