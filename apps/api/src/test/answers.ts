import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/**
 * The request was taken: `status`, with the confirmation text the spec gives. Returns the body,
 * for the checks of what was created or changed.
 */
export function expectConfirmed(res: LightMyRequestResponse, status: 200 | 201, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.message).toBe(message);
  return body;
}
