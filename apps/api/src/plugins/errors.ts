import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";
export const NOT_FOUND_MESSAGE = "Not found";

type ErrorBody = { message: string; title?: string; errors?: Record<string, string> };

/** A field path such as "/Benefits/0/name" becomes "Benefits.0.name"; the root becomes "_". */
function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return name === "" ? "_" : name;
}

// Client errors Fastify raises itself (bad JSON, wrong content type, body too large…) keep their
// status; their messages are rewritten so nothing about the framework leaks to the screen.
const frameworkMessages: Record<number, string> = {
  400: "The request could not be read. Please check it and try again.",
  404: NOT_FOUND_MESSAGE,
  405: "This method is not allowed here.",
  406: "This response type is not available.",
  413: "The upload is too large.",
  415: "This content type is not supported.",
  429: "Too many requests. Please wait a moment and try again.",
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath);
        errors[field] ??= issue.message ?? "Invalid value";
      }
      const first = Object.values(errors)[0] ?? "Invalid request";
      return reply.code(400).send({ message: first, errors } satisfies ErrorBody);
    }
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, ...error.details };
      return reply.code(error.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, "client error");
      const message = frameworkMessages[status] ?? "The request could not be processed.";
      return reply.code(status).send({ message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE } satisfies ErrorBody);
  });
}
