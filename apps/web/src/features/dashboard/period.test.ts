import { describe, expect, it } from "vitest";
import { parseDashboardPeriod, parseReportPeriod } from "./period";

describe("periods", () => {
  it("keeps the spec's values and defaults to this month", () => {
    expect(parseDashboardPeriod("6months")).toBe("6months");
    expect(parseDashboardPeriod("lastYear")).toBe("lastYear");
    expect(parseDashboardPeriod("1year")).toBe("currentMonth");
    expect(parseDashboardPeriod(null)).toBe("currentMonth");
    expect(parseReportPeriod("1year")).toBe("1year");
    expect(parseReportPeriod("lastYear")).toBe("currentMonth");
  });
});
