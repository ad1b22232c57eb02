import { renderHook } from "@testing-library/react";
import { expect, vi } from "vitest";

/** Checks that `useHook` outside its provider throws `message` (React's own log is silenced). */
export function expectProviderRequired(useHook: () => unknown, message: string) {
  vi.spyOn(console, "error").mockImplementation(() => {});
  expect(() => renderHook(() => useHook())).toThrow(new Error(message));
}
