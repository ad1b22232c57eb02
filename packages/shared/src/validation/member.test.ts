import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import {
  isAcceptedEmailDomain,
  manageMembershipSchema,
  memberDiscountSchema,
  memberPaymentPayloadSchema,
  newMemberSchema,
  toPaymentMethod,
  updateMemberPayloadSchema,
  updateMemberSchema,
} from "./member.ts";

const member = {
  firstName: "Ann",
  lastName: "O'Brien-Lee",
  email: " Ann@Gmail.com",
  phoneNumber: "(201) 555-0123",
};

describe("newMemberSchema", () => {
  it("accepts a member without a plan", () => {
    expect(parseOk(newMemberSchema, member)).toEqual({
      firstName: "Ann",
      lastName: "O'Brien-Lee",
      email: "ann@gmail.com",
      phoneNumber: "+12015550123",
      phoneCountry: undefined,
      membershipId: undefined,
      planType: undefined,
      paymentType: undefined,
    });
  });

  it("requires first name, last name, email and phone", () => {
    expect(
      errorsOf(newMemberSchema, { firstName: "", lastName: " ", email: "", phoneNumber: "" }),
    ).toEqual({
      firstName: "First Name is required",
      lastName: "Last Name is required",
      email: "Email is required",
      phoneNumber: "Phone Number is required",
    });
  });

  it("checks names, e-mail format, e-mail domain and phone", () => {
    expect(
      errorsOf(newMemberSchema, {
        firstName: "Ann3",
        lastName: "Lee",
        email: "ann@gmail",
        phoneNumber: "555",
      }),
    ).toEqual({
      firstName: "Invalid Name (Alphabets only)",
      email: "Invalid Email format",
      phoneNumber: "Invalid Phone Number",
    });
    expect(errorsOf(newMemberSchema, { ...member, email: "ann@a.io" })).toEqual({
      email: "Please enter a valid email domain",
    });
  });

  it("with a plan, needs Card or Cash and stores it as pos or cash", () => {
    expect(
      errorsOf(newMemberSchema, { ...member, membershipId: "4", planType: "monthly" }),
    ).toEqual({ paymentType: "Please select a payment type." });
    expect(
      parseOk(newMemberSchema, {
        ...member,
        membershipId: "4",
        planType: "yearly",
        paymentType: "Card",
      }),
    ).toMatchObject({ membershipId: 4, planType: "yearly", paymentType: "pos" });
    expect(
      parseOk(newMemberSchema, { ...member, membershipId: 4, paymentType: "Cash" }).paymentType,
    ).toBe("cash");
  });
});

describe("isAcceptedEmailDomain", () => {
  it.each([
    ["ann@gmail.com", true],
    ["ann@mit.edu", true],
    ["ann@x.org", true],
    ["ann@a.gov", true],
    ["ann@shop.io", true],
    ["ann@ab.io", true],
    ["ann@a.io", false],
    ["ann@localhost", false],
  ])("%s → %s", (email, accepted) => {
    expect(isAcceptedEmailDomain(email)).toBe(accepted);
  });
});

describe("update member", () => {
  it("uses the same rules", () => {
    expect(errorsOf(updateMemberSchema, { ...member, firstName: "", phoneNumber: "" })).toEqual({
      firstName: "First Name is required",
      phoneNumber: "Phone Number is required",
    });
    expect(parseOk(updateMemberSchema, member).phoneNumber).toBe("+12015550123");
  });

  it("the payload adds userId", () => {
    expect(parseOk(updateMemberPayloadSchema, { ...member, userId: "9" }).userId).toBe(9);
  });
});

describe("manageMembershipSchema", () => {
  it("requires a membership and a payment type", () => {
    // Empty and missing fields read alike.
    for (const input of [{ membershipId: "", paymentType: "" }, {}]) {
      expect(errorsOf(manageMembershipSchema, input)).toEqual({
        membershipId: "Membership is required",
        paymentType: "Please select a payment type.",
      });
    }
    expect(
      parseOk(manageMembershipSchema, { membershipId: "3", plan: "monthly", paymentType: "Card" }),
    ).toEqual({ membershipId: 3, plan: "monthly", paymentType: "pos" });
  });

  it("reads Card/Cash labels and pos/cash values only", () => {
    expect(toPaymentMethod("card")).toBe("pos");
    expect(toPaymentMethod("POS")).toBe("pos");
    expect(toPaymentMethod("Cash")).toBe("cash");
    expect(toPaymentMethod("online")).toBeUndefined();
    expect(toPaymentMethod("")).toBeUndefined();
  });
});

describe("memberDiscountSchema", () => {
  it("accepts 0-100 and treats empty as no discount", () => {
    expect(parseOk(memberDiscountSchema, { membershipId: 2, discount: "0" }).discount).toBe(0);
    expect(parseOk(memberDiscountSchema, { membershipId: 2, discount: "100" }).discount).toBe(100);
    expect(parseOk(memberDiscountSchema, { membershipId: 2, discount: "12.5" }).discount).toBe(
      12.5,
    );
    expect(parseOk(memberDiscountSchema, { membershipId: 2, discount: "" }).discount).toBe(0);
  });

  it("refuses anything else and a missing membership", () => {
    for (const discount of ["-1", "100.01", "abc", "1e2"]) {
      expect(errorsOf(memberDiscountSchema, { membershipId: 2, discount })).toEqual({
        discount: "Please enter a valid discount percentage (0-100).",
      });
    }
    expect(errorsOf(memberDiscountSchema, { membershipId: "", discount: "5" })).toEqual({
      membershipId: "Please select a membership.",
    });
  });
});

describe("memberPaymentPayloadSchema", () => {
  it("takes the spec's fields, phone under `phone`", () => {
    expect(
      parseOk(memberPaymentPayloadSchema, {
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@gmail.com",
        phone: "2015550123",
        membershipId: 3,
        paymentType: "cash",
        discount: 10,
        finalPrice: 17.99,
      }),
    ).toMatchObject({
      phone: "+12015550123",
      paymentType: "cash",
      discount: 10,
      finalPrice: 17.99,
    });
  });
});
