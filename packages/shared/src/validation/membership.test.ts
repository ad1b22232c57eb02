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

  // Each row: what is changed from the valid tier, and every field error that change gives.
  it.each([
    [
      "amounts the cents columns cannot hold",
      {
        price: "99999999999",
        cashbackReward: "1000000.01",
        Benefits: [{ name: "Coffee", worth: 2e9 }],
      },
      {
        price: "Amount must be at most $1,000,000",
        cashbackReward: "Amount must be at most $1,000,000",
        "Benefits.0.worth": "Amount must be at most $1,000,000",
      },
    ],
    ["the largest price the column holds", { price: "1000000" }, {}],
    [
      "name, description, price and cashback missing",
      { name: " ", description: "", price: "", cashbackReward: "" },
      {
        name: "Membership name is required",
        description: "Description is required",
        price: "Price is required",
        cashbackReward: "Cashback reward is required",
      },
    ],
    [
      "price and cashback not above 0",
      { price: "0", cashbackReward: "-1" },
      {
        price: "Price must be greater than $0",
        cashbackReward: "Cashback reward must be greater than $0",
      },
    ],
    ["a price that is not a number", { price: "ten" }, { price: "Price must be greater than $0" }],
    [
      "a price with 3 decimals",
      { price: "9.999" },
      { price: "Amount can have at most 2 decimal places" },
    ],
    [
      "benefit rows without a name, with only digits, or worth nothing",
      {
        Benefits: [
          { name: "", worth: "0" },
          { name: "123", worth: "" },
          { name: "10% off", worth: "2" },
        ],
      },
      {
        "Benefits.0.name": "Benefit name is required",
        "Benefits.0.worth": "Worth must be greater than $0 when adding a row",
        "Benefits.1.name": "Benefit name cannot be only numbers",
        "Benefits.1.worth": "Worth must be greater than $0 when adding a row",
      },
    ],
    [
      "a renewal other than monthly or yearly, a status other than active or inactive",
      { renewal: "weekly", status: "deleted" },
      { renewal: "Select a renewal period", status: "Select a status" },
    ],
    ["a yearly, inactive tier", { renewal: "yearly", status: "inactive" }, {}],
    ["no benefit", { Benefits: [] }, { Benefits: "Add at least one benefit" }],
  ])("a tier with %s gives its field errors", (_case, change, errors) => {
    expect(errorsOf(membershipTierSchema, { ...tier, ...change })).toEqual(errors);
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
