import { describe, expect, it } from "vitest";
import {
  addDays,
  canonicalTimeZone,
  formatJoiningDate,
  formatShortDate,
  getZonedDateTime,
  isValidTimeZone,
  startOfDay,
  todayInTimeZone,
  zonedTimeToUtc,
} from "./dates.ts";

describe("formatJoiningDate", () => {
  it("formats like 5 - Sep - 2024", () => {
    expect(formatJoiningDate("2024-09-05")).toBe("5 - Sep - 2024");
    expect(formatJoiningDate("2024-12-25")).toBe("25 - Dec - 2024");
  });

  it("shows an instant on its day in the shop's time zone (default New York)", () => {
    // 02:00 UTC on the 6th is still the 5th in New York.
    expect(formatJoiningDate("2024-09-06T02:00:00Z")).toBe("5 - Sep - 2024");
    expect(formatJoiningDate(new Date("2024-09-06T02:00:00Z"), "UTC")).toBe("6 - Sep - 2024");
    expect(formatJoiningDate("2024-09-06T02:00:00Z", "Asia/Tokyo")).toBe("6 - Sep - 2024");
  });

  it("never shifts a calendar day", () => {
    expect(formatJoiningDate("2024-01-01", "Pacific/Kiritimati")).toBe("1 - Jan - 2024");
    expect(formatJoiningDate("2024-01-01", "Pacific/Pago_Pago")).toBe("1 - Jan - 2024");
  });

  it("gives an empty string for something that is not a date", () => {
    expect(formatJoiningDate("not a date")).toBe("");
  });
});

describe("formatShortDate", () => {
  it("formats like 5 Sep, 2024", () => {
    expect(formatShortDate("2024-09-05")).toBe("5 Sep, 2024");
    expect(formatShortDate("2024-08-31")).toBe("31 Aug, 2024");
    expect(formatShortDate(new Date("2024-03-01T12:00:00Z"))).toBe("1 Mar, 2024");
    expect(formatShortDate("")).toBe("");
  });
});

describe("todayInTimeZone", () => {
  it("is the calendar day in the zone", () => {
    const late = new Date("2024-09-06T03:59:59Z");
    expect(todayInTimeZone("America/New_York", late)).toBe("2024-09-05");
    expect(todayInTimeZone("America/New_York", new Date("2024-09-06T04:00:00Z"))).toBe(
      "2024-09-06",
    );
    expect(todayInTimeZone("UTC", late)).toBe("2024-09-06");
    expect(todayInTimeZone("Asia/Kolkata", new Date("2024-09-05T18:30:00Z"))).toBe("2024-09-06");
  });
});

describe("zoned time", () => {
  it("finds local midnight, in and out of daylight saving time", () => {
    expect(startOfDay("2024-09-05", "America/New_York").toISOString()).toBe(
      "2024-09-05T04:00:00.000Z",
    );
    expect(startOfDay("2024-01-05", "America/New_York").toISOString()).toBe(
      "2024-01-05T05:00:00.000Z",
    );
    expect(startOfDay("2024-01-05", "Asia/Kolkata").toISOString()).toBe("2024-01-04T18:30:00.000Z");
  });

  it("handles a midnight skipped by a DST jump", () => {
    // Chile moved clocks from 00:00 to 01:00 on 2024-09-08: the day starts at 01:00 local.
    expect(startOfDay("2024-09-08", "America/Santiago").toISOString()).toBe(
      "2024-09-08T04:00:00.000Z",
    );
  });

  it("gap gives the time after the jump, overlap the earlier instant", () => {
    const gap = zonedTimeToUtc(
      { year: 2024, month: 3, day: 10, hour: 2, minute: 30 },
      "America/New_York",
    );
    expect(gap.toISOString()).toBe("2024-03-10T07:30:00.000Z");
    const overlap = zonedTimeToUtc(
      { year: 2024, month: 11, day: 3, hour: 1, minute: 30 },
      "America/New_York",
    );
    expect(overlap.toISOString()).toBe("2024-11-03T05:30:00.000Z");
  });

  it("reads wall time", () => {
    expect(getZonedDateTime(new Date("2024-09-06T02:03:04Z"), "America/New_York")).toEqual({
      year: 2024,
      month: 9,
      day: 5,
      hour: 22,
      minute: 3,
      second: 4,
    });
  });

  it("knows valid zones", () => {
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("addDays", () => {
  it("crosses months, leap days and years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(() => addDays("2024-02-30", 1)).toThrow(RangeError);
  });
});

describe("canonicalTimeZone", () => {
  it("writes IANA names in their listed spelling, whatever the case", () => {
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(canonicalTimeZone(" Asia/Tokyo ")).toBe("Asia/Tokyo");
    expect(canonicalTimeZone("utc")).toBe("UTC");
  });

  it("refuses offsets, unknown zones and anything that is not a zone name", () => {
    for (const value of ["+05:00", "GMT+5:30", "Mars/Olympus", "", "../etc", "x".repeat(65)]) {
      expect(canonicalTimeZone(value), value).toBeNull();
    }
  });
});
