import { describe, expect, it } from "vitest";
import { formatBucketLabel, formatPercent, formatStat } from "./format";

describe("formatStat", () => {
  it("shows counts as integers and money with $ and two decimals", () => {
    expect(formatStat("count", 1234)).toBe("1,234");
    expect(formatStat("count", 0)).toBe("0");
    expect(formatStat("money", 24.5)).toBe("$24.50");
    expect(formatStat("money", 0)).toBe("$0.00");
    expect(formatStat("money", 1234)).toBe("$1,234.00");
  });
});

describe("formatPercent", () => {
  it("marks the direction", () => {
    expect(formatPercent(12.5)).toMatchObject({ text: "+12.5%", trend: "up" });
    expect(formatPercent(-3)).toMatchObject({ text: "-3%", trend: "down" });
    expect(formatPercent(0)).toMatchObject({ text: "0%", trend: "flat" });
  });
  it("shows a dash with no earlier period", () => {
    expect(formatPercent(null)).toMatchObject({ text: "—", trend: "none" });
  });
});

describe("formatBucketLabel", () => {
  it("labels days and months", () => {
    expect(formatBucketLabel("2024-09-05")).toBe("5 Sep");
    expect(formatBucketLabel("2024-09")).toBe("Sep 2024");
  });
});
