import { describe, expect, it } from "vitest";
import { addMonthsClamped, membershipMonthIndex, periodEnd } from "./billing.ts";

describe("billing periods", () => {
  it("keeps the day of the month, clamped to shorter months", () => {
    const jan31 = new Date("2026-01-31T10:00:00Z");
    expect(addMonthsClamped(jan31, 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonthsClamped(jan31, 2).toISOString()).toBe("2026-03-31T10:00:00.000Z");
    expect(addMonthsClamped(new Date("2024-02-29T00:00:00Z"), 12).toISOString()).toBe(
      "2025-02-28T00:00:00.000Z",
    );
  });

  it("ends a monthly period a month on and a yearly one twelve months on", () => {
    const start = new Date("2026-11-21T12:00:00Z");
    expect(periodEnd(start, "monthly").toISOString()).toBe("2026-12-21T12:00:00.000Z");
    expect(periodEnd(start, "yearly").toISOString()).toBe("2027-11-21T12:00:00.000Z");
    expect(periodEnd(start, "monthly", 3).toISOString()).toBe("2027-02-21T12:00:00.000Z");
  });

  it("counts membership months from the start date", () => {
    const start = new Date("2026-01-31T10:00:00Z");
    expect(membershipMonthIndex(start, new Date("2026-01-31T10:00:00Z"))).toBe(0);
    expect(membershipMonthIndex(start, new Date("2026-02-28T09:59:59Z"))).toBe(0);
    expect(membershipMonthIndex(start, new Date("2026-02-28T10:00:00Z"))).toBe(1);
    expect(membershipMonthIndex(start, new Date("2026-03-30T10:00:00Z"))).toBe(1);
    expect(membershipMonthIndex(start, new Date("2026-03-31T10:00:00Z"))).toBe(2);
    expect(membershipMonthIndex(start, new Date("2027-02-01T00:00:00Z"))).toBe(12);
    expect(membershipMonthIndex(start, new Date("2025-12-01T00:00:00Z"))).toBe(0);
  });
});
