import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import { isValidPhoneNumber, normalizePhoneNumber } from "./phone.ts";
import { profileSchema } from "./profile.ts";

const valid = { firstName: "Alice", lastName: "Smith", phoneNumber: "(201) 555-0123" };

describe("profileSchema", () => {
  it("accepts a valid profile, trims names and stores the phone in E.164 (default US)", () => {
    expect(parseOk(profileSchema, { ...valid, firstName: "  Alice " })).toEqual({
      firstName: "Alice",
      lastName: "Smith",
      phoneNumber: "+12015550123",
      phoneCountry: undefined,
    });
  });

  it("needs 3 letters after trimming", () => {
    expect(errorsOf(profileSchema, { ...valid, firstName: "  Al  ", lastName: "" })).toEqual({
      firstName: "First name should have at least 3 letters",
      lastName: "Last name should have at least 3 letters",
    });
    expect(errorsOf(profileSchema, { ...valid, firstName: "Ali", lastName: "Ng a" })).toEqual({});
  });

  it("allows letters and spaces only", () => {
    expect(
      errorsOf(profileSchema, { ...valid, firstName: "Mary-Jane", lastName: "O'Neil" }),
    ).toEqual({
      firstName: "Invalid name (alphabets only)",
      lastName: "Invalid name (alphabets only)",
    });
    expect(errorsOf(profileSchema, { ...valid, firstName: "Anne Marie" })).toEqual({});
  });

  it("checks the phone for the selected region", () => {
    expect(errorsOf(profileSchema, { ...valid, phoneNumber: "12345" })).toEqual({
      phoneNumber: "Invalid phone number for selected region",
    });
    expect(
      parseOk(profileSchema, { ...valid, phoneNumber: "07911 123456", phoneCountry: "gb" }),
    ).toMatchObject({ phoneNumber: "+447911123456", phoneCountry: "GB" });
    // A British number while the picker says US.
    expect(
      errorsOf(profileSchema, { ...valid, phoneNumber: "+44 7911 123456", phoneCountry: "US" }),
    ).toEqual({ phoneNumber: "Invalid phone number for selected region" });
  });

  it("allows no phone", () => {
    expect(parseOk(profileSchema, { ...valid, phoneNumber: "" }).phoneNumber).toBe("");
    expect(parseOk(profileSchema, { firstName: "Alice", lastName: "Smith" }).phoneNumber).toBe("");
  });

  it("reports every field at once", () => {
    expect(
      Object.keys(errorsOf(profileSchema, { firstName: "A", lastName: "B1", phoneNumber: "1" })),
    ).toEqual(["firstName", "lastName", "phoneNumber"]);
  });
});

describe("phone numbers", () => {
  it("normalises national and international input to E.164", () => {
    expect(normalizePhoneNumber("201-555-0123")).toBe("+12015550123");
    expect(normalizePhoneNumber("+1 201 555 0123", "US")).toBe("+12015550123");
    expect(normalizePhoneNumber("+44 7911 123456")).toBe("+447911123456");
    expect(normalizePhoneNumber("030 123456", "DE")).toBe("+4930123456");
  });

  it("rejects numbers that cannot exist, and unknown countries", () => {
    expect(isValidPhoneNumber("+1 555 555 5555")).toBe(false);
    expect(isValidPhoneNumber("123")).toBe(false);
    expect(isValidPhoneNumber("2015550123", "XX")).toBe(false);
  });
});
