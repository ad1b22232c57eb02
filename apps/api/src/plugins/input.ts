import { COMMON_MESSAGES, hasControlCharacters } from "@tessera/shared";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

const MAX_DEPTH = 32;

/** The first field (dotted path) whose text holds a control character other than a line break. */
export function findControlCharacters(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") {
    return hasControlCharacters(value, { multiline: true }) ? path || "_" : null;
  }
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  // Raw bodies (the provider's postback, uploads) are bytes, not fields.
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (hasControlCharacters(key, { multiline: true })) return field;
    const found = findControlCharacters(item, field, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The 400 every endpoint answers for a control character, naming the field. */
export function controlCharactersError(field: string) {
  return new AppError("BAD_REQUEST", COMMON_MESSAGES.controlCharacters, {
    errors: { [field]: COMMON_MESSAGES.controlCharacters },
  });
}

/**
 * One guard in front of every route: a NUL byte or another control character in the path, the
 * query or a JSON body is refused with a 400 naming the field, before any handler or query runs
 * (PostgreSQL refuses NUL in text, which used to surface as a 500). Line breaks and tabs pass
 * here, for multi-line fields; single-line fields refuse them in their shared schemas.
 * Multipart text fields get the same check where the form is read.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const field =
      findControlCharacters(request.params) ??
      findControlCharacters(request.query) ??
      findControlCharacters(request.body);
    if (field) throw controlCharactersError(field);
  });
}
