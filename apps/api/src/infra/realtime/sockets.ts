import { createAdapter as createPostgresAdapter } from "@socket.io/postgres-adapter";
import { ACCESS_MESSAGES, SOCKET_EVENTS } from "@tessera/shared";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { Server, type Socket } from "socket.io";
import type { Session } from "../../modules/auth/session";
import type { BusEvent, EventBus } from "../events";

/**
 * Live notifications over socket.io on the API's port and default path (spec §7 "Real-time").
 * The handshake's `authToken` is a session token checked as for HTTP; `connectUser` joins the
 * caller's own room, taken from the session and never from the client's `uniqueId`. New
 * notification rows arrive on the event bus after their transaction commits; one instance claims
 * them and emits to the recipients' rooms, and the PostgreSQL (or Redis) adapter carries the
 * emit to the sockets held by the other instances.
 */

export type Room = `user:${number}` | `customer:${number}`;

export function roomOf(session: Session): Room {
  return session.kind === "merchant"
    ? `user:${session.user.id}`
    : `customer:${session.customer.id}`;
}

export type SocketDeps = {
  resolveToken: (token: string) => Promise<Session | null>;
  events: EventBus;
  /** Claims undelivered rows and returns them with their rooms and payloads. */
  claim: (ids: number[]) => Promise<{ room: Room; payload: unknown }[]>;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
};

function tokenOf(socket: Socket): string | null {
  const fromQuery = socket.handshake.query.authToken;
  const fromAuth = (socket.handshake.auth as { authToken?: unknown } | undefined)?.authToken;
  const token = typeof fromQuery === "string" ? fromQuery : fromAuth;
  return typeof token === "string" && token.length > 0 ? token : null;
}

export async function attachSockets(app: FastifyInstance, deps: SocketDeps) {
  const io = new Server(app.server, {
    // Same origin as the SPA; a configured public URL may differ from the request host.
    cors: { origin: new URL(deps.publicUrl).origin, credentials: false },
    serveClient: false,
  });
  app.decorate("socketConnections", () => io.engine.clientsCount);

  const closers: (() => Promise<unknown>)[] = [];
  if (deps.redisUrl) {
    // Loaded only where Redis is configured: most instances never need the client.
    const [{ createClient }, { createAdapter: createRedisAdapter }] = await Promise.all([
      import("redis"),
      import("@socket.io/redis-adapter"),
    ]);
    const pub = createClient({ url: deps.redisUrl });
    const sub = pub.duplicate();
    pub.on("error", (error) => app.log.warn({ err: error }, "redis adapter error"));
    sub.on("error", (error) => app.log.warn({ err: error }, "redis adapter error"));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createRedisAdapter(pub, sub));
    closers.push(
      // quit() waits for a reconnect that may never come when Redis is away: drop the link then.
      () => (pub.isReady ? pub.quit() : pub.disconnect()).catch(() => {}),
      () => (sub.isReady ? sub.quit() : sub.disconnect()).catch(() => {}),
    );
  } else if (deps.databaseUrl) {
    const pool = new pg.Pool({ connectionString: deps.databaseUrl, max: 2 });
    pool.on("error", () => {});
    io.adapter(
      createPostgresAdapter(pool, {
        errorHandler: (error) => app.log.warn({ err: error }, "socket.io adapter error"),
      }),
    );
    // A LISTEN connection still being opened at shutdown is never handed back; do not wait on it.
    closers.push(() =>
      Promise.race([
        pool.end().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 1000).unref()),
      ]),
    );
  }

  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    const session = token ? await deps.resolveToken(token).catch(() => null) : null;
    if (!session) return next(new Error(ACCESS_MESSAGES.sessionExpired));
    if (session.kind === "customer" && session.customer.isDisabled) {
      return next(new Error(ACCESS_MESSAGES.accountDisabled));
    }
    socket.data.room = roomOf(session);
    next();
  });

  io.on("connection", (socket) => {
    const room = socket.data.room as Room;
    // The client's uniqueId is only a label: the room is always the session's own.
    socket.on(SOCKET_EVENTS.connectUser, async (_uniqueId: unknown, ack?: unknown) => {
      await socket.join(room);
      if (typeof ack === "function") ack({ room });
    });
    socket.on(SOCKET_EVENTS.disconnectAndLeaveRoom, async () => {
      await socket.leave(room);
      socket.disconnect(true);
    });
  });

  const unsubscribe = deps.events.subscribe((event: BusEvent) => {
    // Every instance gets the event and emits locally: the user's sockets are on one of them.
    if (event.type === "import.progress") {
      io.local.to(`user:${event.userId}`).emit(SOCKET_EVENTS.importProgress, event.progress);
      return;
    }
    if (event.type !== "notification") return;
    deps
      .claim(event.notificationIds)
      .then((deliveries) => {
        for (const { room, payload } of deliveries) {
          io.to(room).emit(SOCKET_EVENTS.notification, payload);
        }
      })
      .catch((error) => app.log.warn({ err: error }, "live notification delivery failed"));
  });

  app.addHook("preClose", async () => {
    unsubscribe();
    io.disconnectSockets(true);
    // Not io.close(): that would close the HTTP server Fastify is about to close itself. The
    // adapter lets go of its LISTEN connection first, or the pool would wait for it forever.
    io.engine.close();
    // Its returned promise can wait on a heartbeat that never comes; the release is synchronous.
    void Promise.resolve(io.of("/").adapter.close()).catch(() => {});
    for (const close of closers) await close();
  });
  return io;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Live socket connections on this instance (metrics). */
    socketConnections: () => number;
  }
}
