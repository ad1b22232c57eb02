import { readFileSync } from "node:fs";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales.ts";

/** Every language has every key, each message parses, and keeps the English placeholders. */
type Catalogue = Record<string, Record<string, string>>;
const read = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`./catalogues/${locale}.json`, import.meta.url), "utf8"),
  ) as Catalogue;

const english = read("en");
/** Every message with its section, as "section: key". */
const entries = (catalogue: Catalogue) =>
  Object.entries(catalogue).flatMap(([section, messages]) =>
    Object.entries(messages).map(([key, message]) => ({ section, key, message })),
  );

/** The argument names a message uses: `{name}` and `{count, plural, …}`. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: unknown[]) => {
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , choices] = token as [string, string?, unknown?];
      names.add(name);
      if (choices && typeof choices === "object") {
        for (const [key, value] of Object.entries(choices)) {
          if (key !== "offset" && Array.isArray(value)) visit(value);
        }
      }
    }
  };
  visit(compileMessageOrThrow(message));
  return [...names].sort();
}

describe("language catalogues", () => {
  it("holds the English texts as their own keys", () => {
    for (const { key, message } of entries(english)) expect(message).toBe(key);
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} has every key, nothing else, and the same placeholders`, () => {
      const catalogue = read(locale);
      const keys = (c: Catalogue) => entries(c).map(({ section, key }) => `${section}: ${key}`);
      expect(keys(catalogue).sort()).toEqual(keys(english).sort());
      for (const { key, message } of entries(catalogue)) {
        expect(message.trim(), `${locale}: "${key}" is empty`).not.toBe("");
        expect(argumentsOf(message), `${locale}: "${key}"`).toEqual(argumentsOf(key));
      }
    });
  }
});
