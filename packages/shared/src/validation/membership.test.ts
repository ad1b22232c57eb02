import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import {
  canAddBenefitRow,
  type MembershipTierInput,
  membershipTierSchema,
  updateMembershipTierSchema,
} from "./membership.ts";

const tier = {
  name: "Gold",
  description: "Our best plan",
  price: "19.99",
  cashbackReward: "5",
  renewal: "monthly",
  status: "active",
  Benefits: [{ name: "Free coffee", worth: "4.50", benefitType: "monthly" }],
} satisfies MembershipTierInput;

describe("membershipTierSchema", () => {
  it("accepts a valid tier and reads amounts as numbers", () => {
    expect(parseOk(membershipTierSchema, tier)).toEqual({
      ...tier,
      price: 19.99,
      cashbackReward: 5,
      rewardFrequency: "monthly",
      Benefits: [{ name: "Free coffee", worth: 4.5, benefitType: "monthly" }],
    });
  });

  it("credits cashback per renewal period unless told more often, never less often", () => {
    expect(parseOk(membershipTierSchema, { ...tier, renewal: "yearly" }).rewardFrequency).toBe(
      "yearly",
    );
    expect(
      parseOk(membershipTierSchema, { ...tier, renewal: "yearly", rewardFrequency: "Monthly" })
        .rewardFrequency,
    ).toBe("monthly");
    expect(parseOk(membershipTierSchema, { ...tier, rewardFrequency: "" }).rewardFrequency).toBe(
      "monthly",
    );
    expect(errorsOf(membershipTierSchema, { ...tier, rewardFrequency: "yearly" })).toEqual({
      rewardFrequency: "Cashback cannot be credited less often than the membership renews",
    });
    expect(errorsOf(membershipTierSchema, { ...tier, rewardFrequency: "daily" })).toEqual({
      rewardFrequency: "Select how often cashback is credited",
    });
  });

  it("refuses amounts the cents columns cannot hold", () => {
    expect(
      errorsOf(membershipTierSchema, {
        ...tier,
        price: "99999999999",
        cashbackReward: "1000000.01",
        Benefits: [{ name: "Coffee", worth: 2e9 }],
      }),
    ).toEqual({
      price: "Amount must be at most $1,000,000",
      cashbackReward: "Amount must be at most $1,000,000",
      "Benefits.0.worth": "Amount must be at most $1,000,000",
    });
    expect(errorsOf(membershipTierSchema, { ...tier, price: "1000000" })).toEqual({});
  });

  it("defaults status to active and benefit type to monthly, and reads 'Monthly'", () => {
    const values = parseOk(membershipTierSchema, {
      ...tier,
      status: undefined,
      renewal: "Monthly",
      Benefits: [{ name: "Free coffee", worth: 4.5 }],
    });
    expect(values.status).toBe("active");
    expect(values.renewal).toBe("monthly");
    expect(values.Benefits[0]?.benefitType).toBe("monthly");
  });

  it("requires name, description, price and cashback", () => {
    expect(
      errorsOf(membershipTierSchema, {
        ...tier,
        name: " ",
        description: "",
        price: "",
        cashbackReward: "",
      }),
    ).toEqual({
      name: "Membership name is required",
      description: "Description is required",
      price: "Price is required",
      cashbackReward: "Cashback reward is required",
    });
  });

  it("price and cashback must be numbers above 0 with at most 2 decimals", () => {
    expect(errorsOf(membershipTierSchema, { ...tier, price: "0", cashbackReward: "-1" })).toEqual({
      price: "Price must be greater than $0",
      cashbackReward: "Cashback reward must be greater than $0",
    });
    expect(errorsOf(membershipTierSchema, { ...tier, price: "ten" })).toEqual({
      price: "Price must be greater than $0",
    });
    expect(errorsOf(membershipTierSchema, { ...tier, price: "9.999" })).toEqual({
      price: "Amount can have at most 2 decimal places",
    });
  });

  it("benefit rows: name required and not only digits, worth above $0", () => {
    expect(
      errorsOf(membershipTierSchema, {
        ...tier,
        Benefits: [
          { name: "", worth: "0" },
          { name: "123", worth: "" },
          { name: "10% off", worth: "2" },
        ],
      }),
    ).toEqual({
      "Benefits.0.name": "Benefit name is required",
      "Benefits.0.worth": "Worth must be greater than $0 when adding a row",
      "Benefits.1.name": "Benefit name cannot be only numbers",
      "Benefits.1.worth": "Worth must be greater than $0 when adding a row",
    });
  });

  it("renewal is monthly or yearly; status active or inactive", () => {
    expect(
      errorsOf(membershipTierSchema, { ...tier, renewal: "weekly", status: "deleted" }),
    ).toEqual({ renewal: "Select a renewal period", status: "Select a status" });
    expect(
      errorsOf(membershipTierSchema, { ...tier, renewal: "yearly", status: "inactive" }),
    ).toEqual({});
  });

  it("needs at least one benefit", () => {
    expect(errorsOf(membershipTierSchema, { ...tier, Benefits: [] })).toEqual({
      Benefits: "Add at least one benefit",
    });
  });

  it("update carries the id", () => {
    expect(parseOk(updateMembershipTierSchema, { ...tier, id: "8" })).toMatchObject({
      id: 8,
      rewardFrequency: "monthly",
    });
    expect(errorsOf(updateMembershipTierSchema, tier)).toHaveProperty("id");
  });
});

describe("canAddBenefitRow", () => {
  it("allows a new row only when the last one is complete", () => {
    expect(canAddBenefitRow([])).toBe(true);
    expect(canAddBenefitRow([{ name: "Coffee", worth: "3" }])).toBe(true);
    expect(canAddBenefitRow([{ name: "Coffee", worth: "" }])).toBe(false);
    expect(
      canAddBenefitRow([
        { name: "Coffee", worth: "3" },
        { name: "", worth: "1" },
      ]),
    ).toBe(false);
  });
});
