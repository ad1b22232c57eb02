import { describe, expect, it } from "vitest";
import { offersPathAfterSave, parseOfferTab } from "./offer-tabs";

describe("offer tabs", () => {
  it("reads ?tab= and defaults to active", () => {
    expect(parseOfferTab("upcoming")).toBe("upcoming");
    expect(parseOfferTab("expired")).toBe("expired");
    expect(parseOfferTab(null)).toBe("active");
    expect(parseOfferTab("all")).toBe("active");
  });

  it("derives the tab after saving from the dates in the shop's time zone", () => {
    // 03:00 UTC on 10 June is still 9 June in New York.
    const now = new Date("2025-06-10T03:00:00Z");
    const tz = "America/New_York";
    expect(offersPathAfterSave({ startDate: "2025-06-10", endDate: "2025-06-20" }, tz, now)).toBe(
      "/merchant/offers?tab=upcoming",
    );
    expect(offersPathAfterSave({ startDate: "2025-06-09", endDate: "2025-06-09" }, tz, now)).toBe(
      "/merchant/offers?tab=active",
    );
    expect(offersPathAfterSave({ startDate: "2025-06-01", endDate: "2025-06-08" }, tz, now)).toBe(
      "/merchant/offers?tab=expired",
    );
    expect(
      offersPathAfterSave({ startDate: "2025-06-10", endDate: "2025-06-20" }, "UTC", now),
    ).toBe("/merchant/offers?tab=active");
  });
});
