import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import {
  ACCESS_MESSAGES,
  CUSTOMER_CHANGED_EVENT,
  CUSTOMER_MESSAGES,
  customerEventsQuerySchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import type { BusEvent, EventBus } from "../../infra/events";
import { resolveSession, type Session } from "../auth/session";

/** Spec: a heartbeat every 25 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

export type CustomerEventsOptions = {
  db: Database;
  events: EventBus;
  /** Tests shorten it. */
  heartbeatMs?: number;
};

/** Why a session may not follow this customer's stream, or null when it may. */
function refusal(session: Session | null, shopId: number, customerId: number): AppError | null {
  if (!session) return new AppError("UNAUTHORIZED", ACCESS_MESSAGES.sessionExpired);
  if (session.kind !== "customer") {
    return new AppError("FORBIDDEN", "This is only available to the shop's customers.");
  }
  if (session.customer.id !== customerId || session.shopId !== shopId) {
    return new AppError("NOT_FOUND", CUSTOMER_MESSAGES.customerNotFound);
  }
  if (session.customer.isDisabled) {
    return new AppError("FORBIDDEN", ACCESS_MESSAGES.accountDisabled);
  }
  return null;
}

/**
 * GET /api/v1/events: the customer dashboard's live refresh (spec §4 "Real-time"). A
 * Server-Sent Events stream that sends `event: changed` whenever the event bus reports that this
 * customer's data changed, on whichever instance made the change.
 */
export const customerEventsRoutes: FastifyPluginAsyncZod<CustomerEventsOptions> = async (
  app,
  opts,
) => {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<() => void>();

  // Not onClose: Fastify closes the HTTP server first and waits for its connections, and an open
  // stream never finishes by itself. preClose runs before that wait.
  app.addHook("preClose", (done) => {
    for (const end of [...open]) end();
    done();
  });

  app.get(
    "/api/v1/events",
    {
      // A HEAD request would open a stream with no body to read.
      exposeHeadRoute: false,
      schema: {
        tags: ["customer"],
        summary: "Live refresh of the customer dashboard (Server-Sent Events)",
        description:
          "EventSource sends no headers, so the session token comes as the `token` query parameter (an `Authorization: Bearer` header also works). Sends `event: changed` with the reason as data whenever the customer's data changes, and a comment line every 25 s.",
        querystring: customerEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const { shopId, customerId } = request.query;
      const token = request.query.token || request.bearerToken();
      if (!token) throw new AppError("UNAUTHORIZED", ACCESS_MESSAGES.notSignedIn);
      const problem = refusal(await resolveSession(opts.db, token), shopId, customerId);
      if (problem) throw problem;

      reply.hijack();
      const res: ServerResponse = reply.raw;
      // Security headers the hooks already set on the reply (CSP, nosniff…) go out as well.
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = value;
      }
      res.writeHead(200, {
        ...headers,
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        // nginx and similar proxies would otherwise buffer the stream.
        "x-accel-buffering": "no",
      });
      const send = (text: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(text);
      };

      const onEvent = (event: BusEvent) => {
        if (
          event.type === "customer.changed" &&
          event.customerId === customerId &&
          event.shopId === shopId
        ) {
          send(
            `event: ${CUSTOMER_CHANGED_EVENT}\ndata: ${event.reason.replace(/[\r\n]+/g, " ")}\n\n`,
          );
        }
      };
      const unsubscribe = opts.events.subscribe(onEvent);

      // Each heartbeat also checks the session again, so a logout, a password change elsewhere or
      // the shop disabling the customer ends the stream within one beat.
      let checking = false;
      const heartbeat = setInterval(() => {
        send(": heartbeat\n\n");
        if (checking) return;
        checking = true;
        resolveSession(opts.db, token)
          .then((session) => {
            if (refusal(session, shopId, customerId)) end();
          })
          .catch(() => {
            // The database is away for a moment: keep the stream, try again next beat.
          })
          .finally(() => {
            checking = false;
          });
      }, heartbeatMs);
      heartbeat.unref();

      let cleaned = false;
      function cleanUp() {
        if (cleaned) return;
        cleaned = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
      }
      function end() {
        cleanUp();
        if (!res.writableEnded) res.end();
      }
      open.add(end);
      res.on("close", cleanUp);
      // The browser may have left while the session was being checked: "close" has fired already.
      if (res.destroyed || !res.socket || res.socket.destroyed) cleanUp();

      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      return reply;
    },
  );
};
