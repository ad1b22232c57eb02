import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import { staffSchema, staffStatusPayloadSchema } from "./staff.ts";

const staff = { firstName: "Maria", lastName: "Lopez", email: "Maria@Shop.com", role: "Barista" };

describe("staffSchema", () => {
  it("accepts a valid staff member", () => {
    expect(parseOk(staffSchema, staff)).toEqual({ ...staff, email: "maria@shop.com" });
  });

  it("names need 3+ letters and letters and spaces only", () => {
    expect(errorsOf(staffSchema, { ...staff, firstName: "Mo", lastName: "O'Hara" })).toEqual({
      firstName: "First name should have at least 3 letters",
      lastName: "Invalid name (alphabets only)",
    });
  });

  it("e-mail must be valid and role is required", () => {
    expect(errorsOf(staffSchema, { ...staff, email: "maria@", role: "  " })).toEqual({
      email: "Enter a valid email address",
      role: "Role is required",
    });
    expect(errorsOf(staffSchema, { ...staff, email: "" })).toEqual({
      email: "Enter a valid email address",
    });
  });

  it("status changes are Enable (active) and Disable (disabled)", () => {
    expect(parseOk(staffStatusPayloadSchema, { status: "disabled" })).toEqual({
      status: "disabled",
    });
    expect(errorsOf(staffStatusPayloadSchema, { status: "inactive" })).toHaveProperty("status");
  });
});
