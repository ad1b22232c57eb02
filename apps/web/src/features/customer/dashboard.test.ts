import { describe, expect, it } from "vitest";
import {
  canCancelMembership,
  maxOfferCashback,
  offerPayment,
  subscribedTierIds,
  tabFromState,
  tierPurchaseMode,
} from "./dashboard";

describe("tabFromState", () => {
  it("takes memberships or offers from navigation state", () => {
    expect(tabFromState({ tab: "offers" })).toBe("offers");
    expect(tabFromState({ tab: "memberships" })).toBe("memberships");
    expect(tabFromState({ tab: "billing" })).toBeNull();
    expect(tabFromState(null)).toBeNull();
    expect(tabFromState("offers")).toBeNull();
  });
});

describe("subscribedTierIds", () => {
  it("marks the current tier while it runs, and the next renewal's", () => {
    for (const status of ["active", "cancelled", "pending"] as const) {
      expect([...subscribedTierIds({ status, membershipId: 2 }, null)]).toEqual([2]);
    }
    expect([
      ...subscribedTierIds({ status: "active", membershipId: 2 }, { membershipId: 5 }),
    ]).toEqual([2, 5]);
  });

  it("an expired membership is no longer subscribed", () => {
    expect(subscribedTierIds({ status: "expired", membershipId: 2 }, null).size).toBe(0);
    expect(subscribedTierIds(null, null).size).toBe(0);
  });
});

describe("tierPurchaseMode", () => {
  it("a running membership schedules the next renewal; otherwise the card pays now", () => {
    expect(tierPurchaseMode({ status: "active" })).toBe("schedule");
    expect(tierPurchaseMode({ status: "cancelled" })).toBe("schedule");
    expect(tierPurchaseMode({ status: "expired" })).toBe("checkout");
    expect(tierPurchaseMode({ status: "pending" })).toBe("checkout");
    expect(tierPurchaseMode(null)).toBe("checkout");
  });
});

describe("canCancelMembership", () => {
  it("only an active membership can be cancelled", () => {
    expect(canCancelMembership({ status: "active" })).toBe(true);
    expect(canCancelMembership({ status: "cancelled" })).toBe(false);
    expect(canCancelMembership(null)).toBe(false);
  });
});

describe("offerPayment", () => {
  it("no cashback: the card pays the price", () => {
    expect(offerPayment({ offerPrice: 12, balance: 5, cashback: "" })).toEqual({
      cashbackUsed: 0,
      payable: 12,
      isFree: false,
    });
  });

  it("part cashback: the rest by card, exact to the cent", () => {
    expect(offerPayment({ offerPrice: 12, balance: 5, cashback: "4.35" })).toEqual({
      cashbackUsed: 4.35,
      payable: 7.65,
      isFree: false,
    });
  });

  it("cashback covering the price: free, completed without a card", () => {
    expect(offerPayment({ offerPrice: 5.5, balance: 25, cashback: 5.5 })).toEqual({
      cashbackUsed: 5.5,
      payable: 0,
      isFree: true,
    });
  });

  it("an amount above the balance or the price counts for nothing until corrected", () => {
    expect(offerPayment({ offerPrice: 12, balance: 5, cashback: "6" }).payable).toBe(12);
    expect(offerPayment({ offerPrice: 5, balance: 50, cashback: "6" }).payable).toBe(5);
    expect(offerPayment({ offerPrice: 5, balance: 50, cashback: "-1" }).payable).toBe(5);
  });
});

describe("maxOfferCashback", () => {
  it("is the lesser of balance and price", () => {
    expect(maxOfferCashback(2, 12)).toBe(2);
    expect(maxOfferCashback(25, 12)).toBe(12);
    expect(maxOfferCashback(0, 12)).toBe(0);
  });
});
