import { addMonthsClamped } from "@tessera/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthsAfter } from "./engine";

describe("monthsAfter", () => {
  it("is addMonthsClamped without the Dates, month ends, leap days and sub-milliseconds included", () => {
    const anchors = [
      Date.UTC(2024, 0, 31, 11, 30),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2023, 11, 31),
      Date.UTC(2025, 2, 30, 4, 5, 6, 7) + 0.123,
      -86_400_000 * 3.5,
    ];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...anchors),
          fc.double({ min: 0, max: 4_102_444_800_000, noNaN: true }),
        ),
        fc.integer({ min: 0, max: 40 }),
        (anchor, k) => {
          expect(monthsAfter(anchor)(k)).toBe(addMonthsClamped(new Date(anchor), k).getTime());
        },
      ),
      { seed: 20251125, numRuns: 2000 },
    );
  });
});
