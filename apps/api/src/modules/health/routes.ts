import { healthResponseSchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import type { DatabaseHandle } from "../../infra/db";

const readyResponseSchema = z.object({ status: z.literal("ready") });

/** What readiness checks besides the database, each throwing when its part does not answer. */
export type ReadinessChecks = { redis?: () => Promise<void>; jobs?: () => Promise<void> };

/** Only what the checks ask (the app passes all of its deps; importing their type would be a cycle). */
export type HealthDeps = { database: Pick<DatabaseHandle, "ping">; readiness: ReadinessChecks };

const NOT_ANSWERING: Record<keyof ReadinessChecks, string> = {
  redis: "Redis is not answering.",
  jobs: "The job queue is not answering.",
};

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database check",
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      try {
        await deps.database.ping();
      } catch (error) {
        app.log.error({ err: error }, "database ping failed");
        throw new AppError(
          "UNAVAILABLE",
          "The database is not answering. Please try again shortly.",
        );
      }
      return { status: "ok" as const, db: "ok" as const };
    },
  );

  app.get(
    "/api/ready",
    {
      schema: {
        tags: ["health"],
        summary:
          "Readiness: 503 while starting or draining, or when the database, Redis (when configured) or the job queue does not answer",
        response: { 200: readyResponseSchema },
      },
    },
    async () => {
      if (app.lifecycle.state !== "ready") {
        throw new AppError(
          "UNAVAILABLE",
          app.lifecycle.state === "draining"
            ? "This instance is shutting down."
            : "This instance is starting.",
        );
      }
      try {
        await deps.database.ping();
      } catch (error) {
        app.log.error({ err: error }, "database ping failed");
        throw new AppError("UNAVAILABLE", "The database is not answering.");
      }
      for (const [part, check] of Object.entries(deps.readiness)) {
        try {
          await check();
        } catch (error) {
          app.log.error({ err: error, part }, "readiness check failed");
          throw new AppError("UNAVAILABLE", NOT_ANSWERING[part as keyof ReadinessChecks]);
        }
      }
      return { status: "ready" as const };
    },
  );
};
