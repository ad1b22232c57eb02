import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import {
  counterOfferPayloadSchema,
  memberListQuerySchema,
  merchantBenefitRedemptionQuerySchema,
  updateMemberMembershipPayloadSchema,
} from "./members.ts";
import { employeeStatusPayloadSchema } from "./staff.ts";

describe("members contracts", () => {
  it("reads the list query: flags, paging defaults, a trimmed search", () => {
    expect(parseOk(memberListQuerySchema, {})).toEqual({
      page: 1,
      pageSize: 20,
      active: false,
      inactive: false,
      lastActivity: false,
    });
    expect(
      parseOk(memberListQuerySchema, {
        active: "true",
        lastActivity: "1",
        search: "  ann ",
        page: "3",
      }),
    ).toMatchObject({ active: true, inactive: false, lastActivity: true, search: "ann", page: 3 });
    expect(errorsOf(memberListQuerySchema, { active: "yes" })).toEqual({
      active: "Use true or false",
    });
    expect(errorsOf(memberListQuerySchema, { pageSize: "101" })).toHaveProperty("pageSize");
  });

  it("takes memberId for customerId on a benefit redemption, and needs one of them", () => {
    expect(
      parseOk(merchantBenefitRedemptionQuerySchema, { benefitId: "4", memberId: "9" }),
    ).toEqual({
      benefitId: 4,
      customerId: 9,
    });
    expect(errorsOf(merchantBenefitRedemptionQuerySchema, { benefitId: "4" })).toEqual({
      customerId: "Choose a member",
    });
  });

  it("reads Card and Cash as pos and cash, with the spec's messages", () => {
    expect(parseOk(counterOfferPayloadSchema, { offerId: 2, paymentType: "Card" })).toEqual({
      offerId: 2,
      paymentType: "pos",
      cashbackUsed: 0,
    });
    expect(
      errorsOf(updateMemberMembershipPayloadSchema, {
        userId: 1,
        membershipId: "",
        paymentType: "",
      }),
    ).toEqual({
      membershipId: "Membership is required",
      paymentType: "Please select a payment type.",
    });
    expect(
      parseOk(updateMemberMembershipPayloadSchema, {
        userId: 1,
        membershipId: 2,
        paymentType: "Cash",
        discount: "12.5",
      }),
    ).toMatchObject({ paymentType: "cash", discount: 12.5 });
  });

  it("accepts only Enable and Disable as staff status changes", () => {
    expect(parseOk(employeeStatusPayloadSchema, { status: "disabled", id: "3" })).toEqual({
      status: "disabled",
      id: 3,
    });
    expect(errorsOf(employeeStatusPayloadSchema, { status: "inactive" })).toEqual({
      status: "Select a valid status",
    });
  });
});
