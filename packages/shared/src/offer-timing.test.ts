import { describe, expect, it } from "vitest";
import {
  getOfferCountdown,
  getOfferEndsAt,
  getOfferPerformanceStatus,
  getOfferTiming,
  isOfferAvailable,
} from "./offer-timing.ts";

const offer = { startDate: "2024-09-05", endDate: "2024-09-10" };

describe("getOfferTiming", () => {
  it.each([
    ["2024-09-04", "upcoming"],
    ["2024-09-05", "active"], // start day
    ["2024-09-07", "active"],
    ["2024-09-10", "active"], // end day is included
    ["2024-09-11", "expired"], // the day after
  ])("on %s the offer is %s", (today, timing) => {
    expect(getOfferTiming(offer, today)).toBe(timing);
  });

  it("a one-day offer is active on that day only", () => {
    const oneDay = { startDate: "2024-09-05", endDate: "2024-09-05" };
    expect(getOfferTiming(oneDay, "2024-09-04")).toBe("upcoming");
    expect(getOfferTiming(oneDay, "2024-09-05")).toBe("active");
    expect(getOfferTiming(oneDay, "2024-09-06")).toBe("expired");
  });

  it("reads instants as days in the shop's time zone", () => {
    // 02:00 UTC on the 11th is the evening of the 10th in New York.
    expect(
      getOfferTiming({ startDate: offer.startDate, endDate: "2024-09-11T02:00:00Z" }, "2024-09-11"),
    ).toBe("expired");
  });

  it("throws on something that is not a date", () => {
    expect(() => getOfferTiming({ startDate: "soon", endDate: "later" }, "2024-09-05")).toThrow(
      RangeError,
    );
  });
});

describe("isOfferAvailable", () => {
  it("is within its dates and not deleted", () => {
    expect(isOfferAvailable({ ...offer, status: "active" }, "2024-09-10")).toBe(true);
    expect(isOfferAvailable({ ...offer, status: "cancelled" }, "2024-09-10")).toBe(false);
    expect(isOfferAvailable(offer, "2024-09-11")).toBe(false);
    expect(isOfferAvailable(offer, "2024-09-04")).toBe(false);
  });
});

describe("getOfferCountdown", () => {
  const NY = "America/New_York";

  it("ends at the midnight after the end day, in the shop's zone", () => {
    expect(getOfferEndsAt("2024-09-10", NY).toISOString()).toBe("2024-09-11T04:00:00.000Z");
  });

  // Each row: the moment the page asks, and the countdown it shows for an offer ending 10 Sep.
  it.each([
    [
      "more than a day left: Expires on with the date",
      "2024-09-10T03:59:59Z",
      { kind: "date", endDate: "2024-09-10", label: "10 Sep, 2024" },
    ],
    [
      "exactly one day left: a countdown",
      "2024-09-10T04:00:00Z",
      { kind: "countdown", days: 1, hours: 0, minutes: 0, seconds: 0, remainingMs: 86_400_000 },
    ],
    [
      // 18:28:55 in New York leaves 5 h 31 min 5 s.
      "on the last day: hours, minutes and seconds",
      "2024-09-10T22:28:55Z",
      { kind: "countdown", days: 0, hours: 5, minutes: 31, seconds: 5, remainingMs: 19_865_000 },
    ],
  ])("%s", (_title, now, countdown) => {
    expect(getOfferCountdown("2024-09-10", new Date(now), NY)).toEqual(countdown);
  });

  it("after the end day: expired", () => {
    expect(getOfferCountdown("2024-09-10", new Date("2024-09-11T04:00:00Z"), NY)).toEqual({
      kind: "expired",
    });
    expect(getOfferCountdown("2024-09-10", new Date("2025-01-01T00:00:00Z"), NY).kind).toBe(
      "expired",
    );
  });
});

describe("getOfferPerformanceStatus", () => {
  it("Deleted when cancelled, whatever the dates", () => {
    expect(getOfferPerformanceStatus({ ...offer, status: "cancelled" }, "2024-09-07")).toBe(
      "Deleted",
    );
  });

  it("Active while the end day is not past (upcoming included), then Expired", () => {
    expect(getOfferPerformanceStatus({ ...offer, status: "active" }, "2024-09-01")).toBe("Active");
    expect(getOfferPerformanceStatus({ ...offer, status: "active" }, "2024-09-10")).toBe("Active");
    expect(getOfferPerformanceStatus({ ...offer, status: "active" }, "2024-09-11")).toBe("Expired");
  });
});
