import type { FastifyServerOptions } from "fastify";

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

// Query parameters that carry secrets (session tokens on EventSource URLs, reset links).
const SECRET_PARAMS = /([?&](?:token|authToken|email|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

/** pino settings: never logs tokens, passwords or cookies. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "*.confirmPassword",
        "*.token",
        "*.authToken",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
