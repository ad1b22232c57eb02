import { healthResponseSchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app";
import { AppError } from "../../errors";

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
};
