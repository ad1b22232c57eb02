import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import {
  customerCashbackRedemptionQuerySchema,
  makeCustomerCashbackSchema,
  makeMerchantCashbackSchema,
  makeOfferCashbackSchema,
  merchantCashbackRedemptionQuerySchema,
  purchaseOfferPayloadSchema,
} from "./cashback.ts";

describe("customer cashback redemption", () => {
  const schema = makeCustomerCashbackSchema(25.5);

  it("accepts cents up to the balance", () => {
    expect(parseOk(schema, { amount: "0.01" })).toEqual({ amount: 0.01 });
    expect(parseOk(schema, { amount: "25.50" })).toEqual({ amount: 25.5 });
    expect(parseOk(schema, { amount: 10 })).toEqual({ amount: 10 });
  });

  it("requires an amount", () => {
    expect(errorsOf(schema, { amount: "" })).toEqual({
      amount: "Please enter an amount to redeem.",
    });
    expect(errorsOf(schema, {})).toEqual({ amount: "Please enter an amount to redeem." });
  });

  it("needs a number above 0 in cents", () => {
    for (const amount of ["0", "-1", "abc", "1.005"]) {
      expect(errorsOf(schema, { amount })).toEqual({
        amount: "Please enter a valid amount to redeem.",
      });
    }
  });

  it("may not exceed the balance", () => {
    expect(errorsOf(schema, { amount: "25.51" })).toEqual({
      amount: "You cannot redeem more than your available cashback.",
    });
  });

  it("compares in cents", () => {
    expect(parseOk(makeCustomerCashbackSchema(0.1 + 0.2), { amount: "0.3" })).toEqual({
      amount: 0.3,
    });
  });
});

describe("merchant cashback redemption", () => {
  const schema = makeMerchantCashbackSchema(20);

  it("takes whole dollars only", () => {
    expect(parseOk(schema, { amount: "20" })).toEqual({ amount: 20 });
    expect(errorsOf(schema, { amount: "5.5" })).toEqual({
      amount: "Only whole numbers are allowed.",
    });
    expect(errorsOf(schema, { amount: "21" })).toEqual({
      amount: "You cannot redeem more than your available cashback.",
    });
    expect(errorsOf(schema, { amount: "" })).toEqual({
      amount: "Please enter an amount to redeem.",
    });
  });
});

describe("cashback redemption queries", () => {
  it("customer: price in dollars and cents", () => {
    expect(parseOk(customerCashbackRedemptionQuerySchema, { price: "12.34" })).toEqual({
      price: 12.34,
    });
    expect(errorsOf(customerCashbackRedemptionQuerySchema, { price: "0" })).toEqual({
      price: "Please enter a valid amount to redeem.",
    });
  });

  it("merchant: customerId and whole-dollar price", () => {
    expect(
      parseOk(merchantCashbackRedemptionQuerySchema, { customerId: "4", price: "10" }),
    ).toEqual({ customerId: 4, price: 10 });
    expect(
      errorsOf(merchantCashbackRedemptionQuerySchema, { customerId: "4", price: "10.5" }),
    ).toEqual({ price: "Only whole numbers are allowed." });
  });
});

describe("offer purchase cashback", () => {
  const schema = makeOfferCashbackSchema({ balance: 30, offerPrice: 24.5 });

  it("empty means no cashback", () => {
    expect(parseOk(schema, { cashbackUsed: "" })).toEqual({ cashbackUsed: 0 });
  });

  it("may not exceed the offer price", () => {
    expect(parseOk(schema, { cashbackUsed: "24.50" })).toEqual({ cashbackUsed: 24.5 });
    expect(errorsOf(schema, { cashbackUsed: "24.51" })).toEqual({
      cashbackUsed: "Cashback amount cannot exceed the offer price.",
    });
  });

  it("may not exceed the balance", () => {
    const poor = makeOfferCashbackSchema({ balance: 5, offerPrice: 24.5 });
    expect(errorsOf(poor, { cashbackUsed: "6" })).toEqual({
      cashbackUsed: "You cannot redeem more than your available cashback.",
    });
  });

  it("payload: offerId and cashbackUsed (default 0)", () => {
    expect(parseOk(purchaseOfferPayloadSchema, { offerId: "3" })).toEqual({
      offerId: 3,
      cashbackUsed: 0,
    });
    expect(errorsOf(purchaseOfferPayloadSchema, { offerId: 3, cashbackUsed: -1 })).toEqual({
      cashbackUsed: "Please enter a valid amount to redeem.",
    });
  });
});
