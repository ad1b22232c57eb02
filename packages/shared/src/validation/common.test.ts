import { describe, expect, it } from "vitest";
import { isDateOnly } from "../dates.ts";
import {
  booleanField,
  dateOnlySchema,
  hasAtMostDecimals,
  idSchema,
  isValidEmail,
  isValidPassword,
  normalizeEmail,
  PASSWORD_PATTERN,
  parseNumberInput,
} from "./common.ts";

describe("password rule", () => {
  it.each(["Abcdef1!", "aB3@aaaa", "Zz9$Zz9$Zz9$", "Passw0rd&"])("accepts %s", (password) => {
    expect(isValidPassword(password)).toBe(true);
    expect(PASSWORD_PATTERN.test(password)).toBe(true);
  });

  it.each([
    ["too short", "Ab1!abc"],
    ["no uppercase", "abcdef1!"],
    ["no lowercase", "ABCDEF1!"],
    ["no digit", "Abcdefg!"],
    ["no special", "Abcdefg1"],
    ["a special outside @$!%*?&", "Abcdef1#"],
    ["a space", "Abc def1!"],
    ["a non-ASCII letter", "Äbcdef1!"],
  ])("rejects a password with %s", (_, password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});

describe("e-mail rule", () => {
  it.each(["a@b.co", "first.last+tag@sub.example.org", "x_y@shop-1.io"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(["plain", "a@b", "a@b.c", "a@b.c0", "@b.co", "a b@c.co", "a@@b.co"])(
    "rejects %s",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it("normalises by trimming and lower-casing", () => {
    expect(normalizeEmail("  Ann@Example.COM\t")).toBe("ann@example.com");
  });
});

describe("parseNumberInput", () => {
  const rules = {
    required: "required",
    invalid: "invalid",
    min: { value: 0, exclusive: true, message: "positive" },
    decimals: { places: 2, message: "decimals" },
  };

  it("reads form text and JSON numbers", () => {
    expect(parseNumberInput(" 19.99 ", rules)).toEqual({ ok: true, value: 19.99 });
    expect(parseNumberInput(5, rules)).toEqual({ ok: true, value: 5 });
    expect(parseNumberInput(".5", rules)).toEqual({ ok: true, value: 0.5 });
  });

  it("treats empty input (and the NaN of an empty number input) as missing", () => {
    for (const input of ["", "  ", null, undefined, Number.NaN]) {
      expect(parseNumberInput(input, rules)).toEqual({ ok: false, message: "required" });
    }
  });

  it("refuses text that is not a plain decimal", () => {
    for (const input of ["abc", "1e3", "0x10", "Infinity", "1,000", "12$"]) {
      expect(parseNumberInput(input, rules)).toEqual({ ok: false, message: "invalid" });
    }
  });

  it("applies min, integer, decimals and max in that order", () => {
    expect(parseNumberInput("0", rules)).toEqual({ ok: false, message: "positive" });
    expect(parseNumberInput("-1.234", rules)).toEqual({ ok: false, message: "positive" });
    expect(parseNumberInput("1.234", rules)).toEqual({ ok: false, message: "decimals" });
    expect(parseNumberInput("2.5", { required: "r", integer: "whole" })).toEqual({
      ok: false,
      message: "whole",
    });
    expect(parseNumberInput("101", { required: "r", max: { value: 100, message: "max" } })).toEqual(
      { ok: false, message: "max" },
    );
    expect(parseNumberInput("100", { required: "r", max: { value: 100, message: "max" } })).toEqual(
      { ok: true, value: 100 },
    );
  });

  it("is not fooled by binary fractions", () => {
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostDecimals(19.99, 2)).toBe(true);
    expect(hasAtMostDecimals(1.005, 2)).toBe(false);
  });
});

describe("small field schemas", () => {
  it("ids are positive integers, also from strings", () => {
    expect(idSchema.parse("42")).toBe(42);
    expect(idSchema.safeParse("0").success).toBe(false);
    expect(idSchema.safeParse("1.5").success).toBe(false);
    expect(idSchema.safeParse("").success).toBe(false);
    expect(idSchema.safeParse("0x1A").success).toBe(false);
    expect(idSchema.safeParse(true).success).toBe(false);
    expect(idSchema.safeParse(2_147_483_648).success).toBe(false);
    expect(idSchema.safeParse("abc").error?.issues[0]?.message).toBe("Invalid id");
  });

  it("booleans come as booleans or their strings; missing is false", () => {
    expect(booleanField.parse(true)).toBe(true);
    expect(booleanField.parse("true")).toBe(true);
    expect(booleanField.parse("false")).toBe(false);
    expect(booleanField.parse(undefined)).toBe(false);
    expect(booleanField.safeParse("yes").success).toBe(false);
  });

  it("calendar days must exist", () => {
    expect(isDateOnly("2024-02-29")).toBe(true);
    expect(isDateOnly("2023-02-29")).toBe(false);
    expect(isDateOnly("2024-13-01")).toBe(false);
    expect(isDateOnly("2024-9-5")).toBe(false);
    expect(dateOnlySchema.parse(" 2024-09-05 ")).toBe("2024-09-05");
  });
});
