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

  it("names and sorts the countries in each language", () => {
    const name = (locale: string, code: string) =>
      listPhoneCountries(locale).find((c) => c.code === code)?.name;
    expect(name("es", "DE")).toBe("Alemania");
    expect(name("fr", "DE")).toBe("Allemagne");
    expect(name("de", "DE")).toBe("Deutschland");
    expect(name("pt-BR", "DE")).toBe("Alemanha");
    expect(name("de", "US")).toBe("Vereinigte Staaten");
    const german = listPhoneCountries("de").map((c) => c.name);
    expect(german).toEqual([...german].sort((a, b) => a.localeCompare(b, "de")));
    // "Österreich" sorts with the O's in German, not after Z.
    expect(german.indexOf("Österreich")).toBeLessThan(german.indexOf("Polen"));
  });

  it("searches in the language shown, with or without accents", () => {
    expect(searchPhoneCountries("alem", "es").map((c) => c.code)).toEqual(["DE"]);
    expect(searchPhoneCountries("espana", "es").map((c) => c.code)).toEqual(["ES"]);
    expect(searchPhoneCountries("österr", "de").map((c) => c.code)).toEqual(["AT"]);
    expect(searchPhoneCountries("oster", "de").map((c) => c.code)).toEqual(["AT"]);
    expect(searchPhoneCountries("germ", "de")).toEqual([]);
  });

  it("builds flag emoji", () => {
    expect(countryFlag("fr")).toBe("🇫🇷");
  });
});
