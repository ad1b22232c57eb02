import { healthResponseSchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { AppError } from "../../errors";

const readyResponseSchema = z.object({ status: z.literal("ready") });

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
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
