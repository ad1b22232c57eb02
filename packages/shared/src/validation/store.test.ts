import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import { createShopSchema, type StoreSettingsInput, storeSettingsSchema } from "./store.ts";

describe("createShopSchema", () => {
  it("requires a name of letters, digits, spaces and - ' , .", () => {
    expect(errorsOf(createShopSchema, { name: "  " })).toEqual({ name: "Shop name is required" });
    expect(errorsOf(createShopSchema, { name: "Joe's Pizza & Co" })).toEqual({
      name: "Invalid characters in shop name",
    });
    expect(parseOk(createShopSchema, { name: " Joe's Pizza, No. 1 - Downtown " })).toEqual({
      name: "Joe's Pizza, No. 1 - Downtown",
      industry: undefined,
    });
  });

  it("industry is optional but must come from the list", () => {
    expect(parseOk(createShopSchema, { name: "Shop", industry: "" }).industry).toBeUndefined();
    expect(parseOk(createShopSchema, { name: "Shop", industry: "E-Commerce" }).industry).toBe(
      "E-Commerce",
    );
    expect(errorsOf(createShopSchema, { name: "Shop", industry: "Mining" })).toEqual({
      industry: "Select an industry",
    });
  });
});

const store = {
  name: "Bean Bar",
  tagline: "Coffee worth waking up for",
  industry: "Retail",
  fontStyle: "Open Sans",
  primaryColor: "#0099d8",
  secondaryColor: "#EFF6FF",
} satisfies StoreSettingsInput;

describe("storeSettingsSchema (Customize Store)", () => {
  it("accepts a valid store and upper-cases colours", () => {
    expect(parseOk(storeSettingsSchema, store)).toEqual({ ...store, primaryColor: "#0099D8" });
  });

  it("name needs 3+ characters", () => {
    expect(errorsOf(storeSettingsSchema, { ...store, name: "ab" })).toEqual({
      name: "Enter a valid company name",
    });
    expect(errorsOf(storeSettingsSchema, { ...store, name: "abc" })).toEqual({});
  });

  it("tagline is 5-200 characters", () => {
    expect(errorsOf(storeSettingsSchema, { ...store, tagline: "Hey!" })).toEqual({
      tagline: "Tag line must contains at least 5 letters.",
    });
    expect(errorsOf(storeSettingsSchema, { ...store, tagline: "x".repeat(201) })).toEqual({
      tagline: "Tag line should not exceed 200 characters.",
    });
    expect(errorsOf(storeSettingsSchema, { ...store, tagline: "x".repeat(200) })).toEqual({});
    expect(errorsOf(storeSettingsSchema, { ...store, tagline: "Hello" })).toEqual({});
  });

  it("industry, font style and both colours are required", () => {
    expect(
      errorsOf(storeSettingsSchema, {
        ...store,
        industry: "",
        fontStyle: undefined,
        primaryColor: "",
        secondaryColor: "",
      }),
    ).toEqual({
      industry: "Select an industry",
      fontStyle: "Select a font style",
      primaryColor: "Enter a primary color as # followed by 6 hex digits",
      secondaryColor: "Enter a secondary color as # followed by 6 hex digits",
    });
  });

  it("takes an optional IANA time zone in its canonical spelling", () => {
    expect(parseOk(storeSettingsSchema, store).timeZone).toBeUndefined();
    expect(parseOk(storeSettingsSchema, { ...store, timeZone: "" }).timeZone).toBeUndefined();
    expect(parseOk(storeSettingsSchema, { ...store, timeZone: " europe/london " }).timeZone).toBe(
      "Europe/London",
    );
    expect(parseOk(storeSettingsSchema, { ...store, timeZone: "UTC" }).timeZone).toBe("UTC");
    for (const timeZone of ["Mars/Olympus", "+05:00", "America/New_York/../x", "x".repeat(70)]) {
      expect(errorsOf(storeSettingsSchema, { ...store, timeZone }), timeZone).toEqual({
        timeZone: "Select a valid time zone",
      });
    }
  });

  it("colours are # plus exactly 6 hex digits", () => {
    for (const color of ["#FFF", "0099D8", "#0099D", "#0099D8F", "#GGGGGG", "rgb(0,0,0)"]) {
      expect(errorsOf(storeSettingsSchema, { ...store, primaryColor: color })).toHaveProperty(
        "primaryColor",
      );
    }
  });
});
