import { describe, expect, it } from "vitest";
import {
  applyCashback,
  applyDiscount,
  formatCents,
  formatMoney,
  roundDollars,
  sumDollars,
  toCents,
  toDollars,
} from "./money.ts";
import { dollarAmountSchema, moneySchema, positiveDollarAmountSchema } from "./validation/money.ts";

describe("toCents / toDollars", () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [24.5, 2450],
    [1.005, 101],
    [0.015, 2],
    [1234.56, 123456],
    [0, 0],
    [-19.99, -1999],
    [-1.005, -101],
  ])("%s dollars → %s cents", (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it("never returns -0", () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it("refuses non-finite amounts", () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("converts cents back", () => {
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(30)).toBe(0.3);
    expect(() => toDollars(19.5)).toThrow(RangeError);
  });

  it("round trips every cent amount up to $100", () => {
    for (let cents = 0; cents <= 10_000; cents++) {
      expect(toCents(toDollars(cents))).toBe(cents);
    }
  });

  it("rounds and sums exactly", () => {
    expect(roundDollars(2.675)).toBe(2.68);
    expect(sumDollars([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sumDollars([])).toBe(0);
  });
});

describe("formatMoney", () => {
  it.each([
    [24.5, "$24.50"],
    [1234, "$1,234.00"],
    [0, "$0.00"],
    [25, "$25.00"],
    [1234567.891, "$1,234,567.89"],
    [-5, "-$5.00"],
    [0.1 + 0.2, "$0.30"],
  ])("%s → %s", (dollars, text) => {
    expect(formatMoney(dollars)).toBe(text);
  });

  it("formats cents", () => {
    expect(formatCents(2450)).toBe("$24.50");
  });

  it("writes what Intl's en-US dollar format writes, without Intl", () => {
    const intl = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const cents = [0, -0, 1, -1, 9, 10, 99, 100, 101, -101, 99_999, 100_000, 123_456_789];
    for (const n of cents) expect(formatCents(n)).toBe(intl.format(n / 100));
    // Past 15 digits a dollar amount in a double loses its last cent, so Intl's text does too.
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe("$90,071,992,547,409.91");
    // A fixed pseudo-random walk over every magnitude, cents and dollars with noise.
    let seed = 42;
    const next = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 3000; i++) {
      const n = Math.round((next() - 0.5) * 10 ** Math.floor(next() * 16)); // up to 15 digits
      expect(formatCents(n)).toBe(intl.format(n / 100));
      const dollars = (next() - 0.5) * 10 ** Math.floor(next() * 10);
      expect(formatMoney(dollars)).toBe(intl.format(roundDollars(dollars)));
    }
  });

  it("refuses what is not whole cents, as before", () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(1e20)).toThrow(RangeError);
  });
});

describe("applyDiscount", () => {
  it("takes a percentage off, to the cent", () => {
    expect(applyDiscount(100, 10)).toBe(90);
    expect(applyDiscount(19.99, 0)).toBe(19.99);
    expect(applyDiscount(19.99, 100)).toBe(0);
    expect(applyDiscount(19.99, 15)).toBe(16.99); // 2.9985 off rounds to 3.00
    expect(applyDiscount(10, 12.5)).toBe(8.75);
  });

  it("refuses discounts outside 0-100", () => {
    expect(() => applyDiscount(10, -1)).toThrow(RangeError);
    expect(() => applyDiscount(10, 101)).toThrow(RangeError);
  });
});

describe("applyCashback", () => {
  it("uses min(balance, price, requested)", () => {
    expect(applyCashback({ balance: 5, price: 24.5 })).toEqual({
      cashbackUsed: 5,
      remaining: 19.5,
      isFullyCovered: false,
    });
    expect(applyCashback({ balance: 30, price: 24.5 })).toEqual({
      cashbackUsed: 24.5,
      remaining: 0,
      isFullyCovered: true,
    });
    expect(applyCashback({ balance: 30, price: 24.5, requested: 10.1 })).toEqual({
      cashbackUsed: 10.1,
      remaining: 14.4,
      isFullyCovered: false,
    });
    expect(applyCashback({ balance: 30, price: 24.5, requested: -3 }).cashbackUsed).toBe(0);
  });
});

describe("dollar amount schemas", () => {
  it("accept at most two decimals", () => {
    expect(dollarAmountSchema.parse("19.99")).toBe(19.99);
    expect(dollarAmountSchema.parse(0)).toBe(0);
    expect(dollarAmountSchema.safeParse("19.999").success).toBe(false);
    expect(dollarAmountSchema.safeParse(-1).success).toBe(false);
    expect(positiveDollarAmountSchema.safeParse(0).success).toBe(false);
    expect(positiveDollarAmountSchema.parse("0.01")).toBe(0.01);
    expect(moneySchema.safeParse(0.1 + 0.2).success).toBe(true);
    expect(moneySchema.safeParse(0.123).success).toBe(false);
  });
});
