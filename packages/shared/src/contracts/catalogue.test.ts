import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import {
  idQuerySchema,
  membershipListQuerySchema,
  offerListQuerySchema,
  tierSchema,
} from "./catalogue.ts";

describe("membershipListQuerySchema", () => {
  it("reads the flags and the tier ids as a JSON list or comma-separated", () => {
    expect(parseOk(membershipListQuerySchema, {})).toEqual({
      active: false,
      inactive: false,
      tiers: undefined,
    });
    expect(
      parseOk(membershipListQuerySchema, { active: "true", inactive: "0", tiers: "[3, 1]" }),
    ).toEqual({ active: true, inactive: false, tiers: [3, 1] });
    expect(parseOk(membershipListQuerySchema, { inactive: "1", tiers: "4,5" }).tiers).toEqual([
      4, 5,
    ]);
    expect(parseOk(membershipListQuerySchema, { tiers: '["7"]' }).tiers).toEqual([7]);
    expect(parseOk(membershipListQuerySchema, { tiers: " " }).tiers).toBeUndefined();
  });

  it("refuses anything else", () => {
    for (const tiers of ["[", "[]", "[0]", "a,b", "[1.5]", '{"id":1}', "1,,2"]) {
      expect(errorsOf(membershipListQuerySchema, { tiers }), tiers).toEqual({
        tiers: "Invalid id",
      });
    }
    expect(errorsOf(membershipListQuerySchema, { active: "yes" })).toEqual({
      active: "Use true or false",
    });
  });
});

describe("offerListQuerySchema", () => {
  it("takes a tab or nothing", () => {
    expect(parseOk(offerListQuerySchema, {}).timeFilter).toBeUndefined();
    expect(parseOk(offerListQuerySchema, { timeFilter: "" }).timeFilter).toBeUndefined();
    expect(parseOk(offerListQuerySchema, { timeFilter: "expired" }).timeFilter).toBe("expired");
    expect(errorsOf(offerListQuerySchema, { timeFilter: "soon" })).toEqual({
      timeFilter: "Use upcoming, active or expired",
    });
  });
});

describe("response contracts", () => {
  it("ids are positive integers", () => {
    expect(parseOk(idQuerySchema, { id: "12" })).toEqual({ id: 12 });
    expect(errorsOf(idQuerySchema, { id: "-1" })).toEqual({ id: "Invalid id" });
  });

  it("a tier's money has at most two decimals", () => {
    const tier = {
      id: 1,
      shopId: 1,
      name: "Gold",
      description: "Best",
      price: 19.99,
      cashbackReward: 5,
      renewal: "monthly",
      rewardFrequency: "monthly",
      status: "deleted",
      customerCount: 0,
      currentMonthPeriod: { totalRevenue: 0 },
      Benefits: [{ id: 1, name: "Coffee", worth: 4.5, benefitType: "monthly" }],
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
    };
    expect(tierSchema.safeParse(tier).success).toBe(true);
    expect(tierSchema.safeParse({ ...tier, price: 19.999 }).success).toBe(false);
  });
});
