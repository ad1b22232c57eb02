import { describe, expect, it } from "vitest";
import { formatPhoneNumber, normalizePhoneNumber, phoneNumberCountry } from "./phone.ts";

describe("phoneNumberCountry", () => {
  it("tells countries that share a calling code apart by the number", () => {
    expect(phoneNumberCountry("+442079460958")).toBe("GB");
    expect(phoneNumberCountry("+12025550143")).toBe("US");
    expect(phoneNumberCountry("+14165550123")).toBe("CA");
  });

  it("has no answer for national or empty numbers", () => {
    expect(phoneNumberCountry("2025550143")).toBeNull();
    expect(phoneNumberCountry("")).toBeNull();
    expect(phoneNumberCountry(null)).toBeNull();
  });

  it("stores numbers in E.164", () => {
    expect(normalizePhoneNumber("020 7946 0958", "GB")).toBe("+442079460958");
  });
});

describe("formatPhoneNumber", () => {
  it("spaces an international number as people read it", () => {
    expect(formatPhoneNumber("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhoneNumber("not a number")).toBe("not a number");
  });
});
