import { describe, expect, it } from "vitest";
import { computeSavings } from "./savings.ts";

describe("computeSavings", () => {
  it("is cashback plus benefit worth minus price", () => {
    expect(
      computeSavings({
        cashbackReward: 10,
        price: 19.99,
        benefits: [{ worth: 5 }, { worth: 7.5 }],
      }),
    ).toBe(2.51);
  });

  it("is exact to the cent", () => {
    expect(
      computeSavings({
        cashbackReward: 0.1,
        price: 0.3,
        benefits: [{ worth: 0.2 }, { worth: 0.1 }],
      }),
    ).toBe(0.1);
  });

  it("is floored at 0", () => {
    expect(computeSavings({ cashbackReward: 5, price: 50, benefits: [{ worth: 10 }] })).toBe(0);
    expect(computeSavings({ cashbackReward: 5, price: 5, benefits: [] })).toBe(0);
  });

  it("reads the API's Benefits key and a tier without benefits", () => {
    expect(computeSavings({ cashbackReward: 5, price: 10, Benefits: [{ worth: 9 }] })).toBe(4);
    expect(computeSavings({ cashbackReward: 15, price: 10 })).toBe(5);
  });
});
