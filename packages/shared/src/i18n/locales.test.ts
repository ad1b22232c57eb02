import { describe, expect, it } from "vitest";
import { formatMoneyIn, formatShortDateIn } from "./format.ts";
import { matchLocale, parseAcceptLanguage, pickLocale, resolveLocale } from "./locales.ts";

describe("choosing the language", () => {
  it("matches tags exactly, then by language", () => {
    expect(matchLocale("es-MX")).toBe("es");
    expect(matchLocale("pt")).toBe("pt-BR");
    expect(matchLocale("pt-PT")).toBe("pt-BR");
    expect(matchLocale("PT-br")).toBe("pt-BR");
    expect(matchLocale("en-GB")).toBe("en");
    expect(matchLocale("ja")).toBeNull();
    expect(matchLocale("")).toBeNull();
  });

  it("reads Accept-Language by weight, dropping q=0, * and junk", () => {
    expect(parseAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual([
      "fr-CH",
      "fr",
      "en",
      "de",
    ]);
    expect(parseAcceptLanguage("en;q=0.1, de")).toEqual(["de", "en"]);
    expect(parseAcceptLanguage("es;q=0, <script>")).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(pickLocale(parseAcceptLanguage("ja, de-AT;q=0.8"))).toBe("de");
  });

  it("prefers the visitor's choice, then the customer's, then the browser's, then the shop's", () => {
    const browser = ["de-DE"];
    expect(resolveLocale({ chosen: "fr", customer: "es", browser, followBrowser: true })).toBe(
      "fr",
    );
    expect(resolveLocale({ customer: "es", browser, followBrowser: true })).toBe("es");
    expect(resolveLocale({ browser, followBrowser: true, shopDefault: "pt-BR" })).toBe("de");
    expect(resolveLocale({ browser, followBrowser: false, shopDefault: "pt-BR" })).toBe("pt-BR");
    expect(resolveLocale({ browser: ["ja"], followBrowser: true, shopDefault: "es" })).toBe("es");
    expect(resolveLocale({ chosen: "xx", followBrowser: false })).toBe("en");
  });
});

describe("money and dates in each language", () => {
  it("writes the shop's dollars to the cent in each language's way", () => {
    // Intl separates with no-break spaces; compared here as plain ones.
    const money = (locale: Parameters<typeof formatMoneyIn>[0], dollars: number) =>
      formatMoneyIn(locale, dollars).replace(/[\u00a0\u202f]/g, " ");
    expect(formatMoneyIn("en", 1234.5)).toBe("$1,234.50");
    expect(money("es", 1234.5)).toBe("1234,50 US$");
    expect(money("fr", 1234.5)).toBe("1 234,50 $US");
    expect(money("de", 1234.5)).toBe("1.234,50 $");
    expect(money("pt-BR", 1234.5)).toBe("US$ 1.234,50");
  });

  it("writes a calendar day in the shop's zone in each language", () => {
    // 03:30 UTC on the 6th is still the 5th in New York.
    const moment = "2024-09-06T03:30:00Z";
    const zone = "America/New_York";
    expect(formatShortDateIn("en", moment, zone)).toBe("5 Sep, 2024");
    expect(formatShortDateIn("es", moment, zone)).toBe("5 sept 2024");
    expect(formatShortDateIn("fr", moment, zone)).toBe("5 sept. 2024");
    expect(formatShortDateIn("de", moment, zone)).toBe("05.09.2024");
    expect(formatShortDateIn("pt-BR", moment, zone)).toBe("5 de set. de 2024");
  });
});
