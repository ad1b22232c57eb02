import type { z } from "zod";
import { toFieldErrors } from "./api.ts";

/** The first message per field for `input`, or `{}` when it parses (test use only). */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : toFieldErrors(result.error);
}

/** Parses `input`, failing the test with the field messages when it does not parse. */
export function parseOk<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(`Expected to parse, got ${JSON.stringify(toFieldErrors(result.error))}`);
  }
  return result.data;
}
