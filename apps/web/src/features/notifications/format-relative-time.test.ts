import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./format-relative-time";

const NOW = new Date(2026, 2, 10, 12, 0, 0).getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeTime", () => {
  it.each([
    [ago(10_000), "Just now"],
    [new Date(NOW + 30_000).toISOString(), "Just now"],
    [ago(MINUTE), "1 minute ago"],
    [ago(59 * MINUTE), "59 minutes ago"],
    [ago(HOUR), "1 hour ago"],
    [ago(23 * HOUR), "23 hours ago"],
    [ago(DAY), "Yesterday"],
    [ago(6 * DAY), "6 days ago"],
    [ago(7 * DAY), "Mar 3"],
    [new Date(2025, 11, 24, 9).toISOString(), "Dec 24, 2025"],
    ["not a date", ""],
  ])("%s → %s", (value, expected) => {
    expect(formatRelativeTime(value, NOW)).toBe(expected);
  });
});
