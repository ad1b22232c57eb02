import { describe, expect, it } from "vitest";
import { computeSavings } from "./savings.ts";

describe("computeSavings", () => {
  it.each([
    [
      "cashback plus benefit worth minus price",
      { cashbackReward: 10, price: 19.99, benefits: [{ worth: 5 }, { worth: 7.5 }] },
      2.51,
    ],
    [
      "exact to the cent",
      { cashbackReward: 0.1, price: 0.3, benefits: [{ worth: 0.2 }, { worth: 0.1 }] },
      0.1,
    ],
    ["floored at 0", { cashbackReward: 5, price: 50, benefits: [{ worth: 10 }] }, 0],
    ["floored at 0 without benefits", { cashbackReward: 5, price: 5, benefits: [] }, 0],
    [
      "read from the API's Benefits key",
      { cashbackReward: 5, price: 10, Benefits: [{ worth: 9 }] },
      4,
    ],
    ["cashback minus price for a tier without benefits", { cashbackReward: 15, price: 10 }, 5],
  ])("is %s", (_case, tier, savings) => {
    expect(computeSavings(tier)).toBe(savings);
  });
});
