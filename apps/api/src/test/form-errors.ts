import { expect } from "vitest";

/**
 * The request was refused as a form: 400, with exactly these messages by field (the texts
 * the spec gives, shown under each field).
 */
export function expectFieldErrors(
  res: { statusCode: number; json: () => { errors?: unknown } },
  errors: Record<string, string>,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual(errors);
}
