import { describe, expect, it } from "vitest";
import { countryFlag, listPhoneCountries, searchPhoneCountries } from "./countries.ts";

describe("phone countries", () => {
  it("lists countries with names, calling codes and flags", () => {
    const countries = listPhoneCountries();
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((c) => c.code === "US")).toEqual({
      code: "US",
      name: "United States",
      callingCode: "+1",
      flag: "🇺🇸",
    });
    expect(countries.find((c) => c.code === "GB")?.callingCode).toBe("+44");
  });

  it("is sorted by name", () => {
    const names = listPhoneCountries().map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("searches by name, code and calling code", () => {
    expect(searchPhoneCountries("germ").map((c) => c.code)).toEqual(["DE"]);
    expect(searchPhoneCountries("de").some((c) => c.code === "DE")).toBe(true);
    expect(searchPhoneCountries("+44").map((c) => c.code)).toContain("GB");
    expect(searchPhoneCountries("zzzz")).toEqual([]);
  });

  it("builds flag emoji", () => {
    expect(countryFlag("fr")).toBe("🇫🇷");
  });
});
