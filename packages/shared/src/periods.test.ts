import { describe, expect, it } from "vitest";
import { getPeriodRange, percentChange } from "./periods.ts";

const NY = "America/New_York";
// Noon in New York (EDT) on 31 March 2024.
const now = new Date("2024-03-31T16:00:00Z");
const iso = (range: ReturnType<typeof getPeriodRange>) => ({
  start: range.start.toISOString(),
  end: range.end.toISOString(),
  previousStart: range.previousStart.toISOString(),
  previousEnd: range.previousEnd.toISOString(),
});

describe("getPeriodRange", () => {
  it("currentMonth: from local midnight on the 1st; previous = same days of last month", () => {
    expect(iso(getPeriodRange("currentMonth", now, NY))).toEqual({
      start: "2024-03-01T05:00:00.000Z", // midnight EST
      end: "2024-03-31T16:00:00.000Z",
      previousStart: "2024-02-01T05:00:00.000Z",
      previousEnd: "2024-02-29T17:00:00.000Z", // 31 clamps to the 29th, noon EST
    });
  });

  it("30Days and 60Days: the same local time that many days ago", () => {
    expect(iso(getPeriodRange("30Days", now, NY))).toMatchObject({
      start: "2024-03-01T17:00:00.000Z",
      previousStart: "2024-01-31T17:00:00.000Z",
      previousEnd: "2024-03-01T17:00:00.000Z",
    });
    expect(getPeriodRange("60Days", now, NY).start.toISOString()).toBe("2024-01-31T17:00:00.000Z");
  });

  it("6months: six calendar months back", () => {
    expect(iso(getPeriodRange("6months", now, NY))).toMatchObject({
      start: "2023-09-30T16:00:00.000Z",
      previousStart: "2023-03-30T16:00:00.000Z",
    });
  });

  it("lastYear and 1year are the same 12 months", () => {
    const dashboard = iso(getPeriodRange("lastYear", now, NY));
    expect(dashboard).toEqual(iso(getPeriodRange("1year", now, NY)));
    expect(dashboard).toMatchObject({
      start: "2023-03-31T16:00:00.000Z",
      previousStart: "2022-03-31T16:00:00.000Z",
      previousEnd: "2023-03-31T16:00:00.000Z",
    });
  });
});

describe("percentChange", () => {
  it("compares with the previous window", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.67);
  });

  it("has no percentage when the previous window had nothing", () => {
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(25, 0)).toBeNull();
  });
});
