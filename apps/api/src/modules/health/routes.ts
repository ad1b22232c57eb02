import { healthResponseSchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import type { DatabaseHandle } from "../../infra/db";

const readyResponseSchema = z.object({ status: z.literal("ready") });

/** Only the database is asked about (the app passes all of its deps). */
export type HealthDeps = { database: Pick<DatabaseHandle, "ping"> };

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
        summary: "Readiness: 503 while starting or draining, or when the database does not answer",
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
      return { status: "ready" as const };
    },
  );
};
