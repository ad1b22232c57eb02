import { describe, expect, it } from "vitest";
import { formatDollars, memberActions, parseMemberFilter, yearlyPrice } from "./member-status";

describe("memberActions", () => {
  it("follows the member status machine", () => {
    expect(memberActions("active")).toEqual(["view", "edit", "disable", "delete"]);
    expect(memberActions("disabled")).toEqual(["view", "edit", "enable", "delete"]);
    expect(memberActions("inactive")).toEqual(["view", "edit", "delete"]);
    expect(memberActions("cancelled")).toEqual([]);
  });
});

describe("yearlyPrice", () => {
  it("multiplies a monthly price by twelve, to the cent", () => {
    expect(yearlyPrice({ price: 19.99, renewal: "monthly" })).toBe(239.88);
    expect(yearlyPrice({ price: 120, renewal: "yearly" })).toBe(120);
    expect(formatDollars(239.88)).toBe("$239.88");
    expect(formatDollars(120)).toBe("$120.00");
  });
});

describe("parseMemberFilter", () => {
  it("defaults to all", () => {
    expect(parseMemberFilter("inactive")).toBe("inactive");
    expect(parseMemberFilter("bogus")).toBe("all");
    expect(parseMemberFilter(null)).toBe("all");
  });
});
