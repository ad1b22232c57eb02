import type { FastifyInstance } from "fastify";

/** Where an instance is in its life: only a `ready` one should get traffic. */
export type LifecycleState = "starting" | "ready" | "draining";

export type Lifecycle = { state: LifecycleState };

/**
 * Tracks the instance's life for the readiness check and the graceful stop. While draining,
 * every answer carries `Connection: close`, so a load balancer's kept-alive connections move
 * to another instance instead of landing on one about to exit; Fastify itself answers 503 to
 * requests arriving after `close()` began and finishes the ones in flight.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { state: "starting" };
  app.decorate("lifecycle", lifecycle);
  app.addHook("onReady", async () => {
    lifecycle.state = "ready";
  });
  app.addHook("preClose", async () => {
    lifecycle.state = "draining";
  });
  app.addHook("onSend", async (_request, reply) => {
    if (lifecycle.state === "draining") reply.header("connection", "close");
  });
  return lifecycle;
}

declare module "fastify" {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}
