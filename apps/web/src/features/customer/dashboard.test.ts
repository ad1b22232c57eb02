import type { RedemptionType } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import {
  canCancelMembership,
  canRedeemOffer,
  currentMembershipMonth,
  hasBenefitUsage,
  maxOfferCashback,
  offerPayment,
  redeemableBenefits,
  subscribedTierIds,
  tabFromState,
  tierPurchaseMode,
  usedBenefits,
  usedBenefitsFromPayload,
} from "./dashboard";

describe("tabFromState", () => {
  it.each(["offers", "memberships", "redemptions", "billing"])(
    "takes the %s tab from navigation state",
    (tab) => expect(tabFromState({ tab })).toBe(tab),
  );

  it.each([{ tab: "profile" }, null, "offers"])("ignores %j", (state) =>
    expect(tabFromState(state)).toBeNull(),
  );
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
  it.each([
    [{ status: "active" }, "schedule"],
    [{ status: "cancelled" }, "schedule"],
    [{ status: "expired" }, "checkout"],
    [{ status: "pending" }, "checkout"],
    [null, "checkout"],
  ] as const)(
    "a running membership schedules the next renewal, else the card pays: %j → %s",
    (membership, mode) => expect(tierPurchaseMode(membership)).toBe(mode),
  );
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

const BENEFITS = [
  { id: 11, name: "Free filter coffee", worth: 3.5, benefitType: "monthly" },
  { id: 12, name: "10% off pastries", worth: 3, benefitType: "monthly" },
];
const MEMBERSHIP = {
  status: "active" as const,
  startDate: "2026-01-31T10:00:00.000Z",
  expireDate: "2026-05-31T10:00:00.000Z",
  Benefits: BENEFITS,
};

describe("redeemableBenefits", () => {
  const now = new Date("2026-03-10T00:00:00.000Z");

  it("a running membership (active, or cancelled until it ends) offers its benefits", () => {
    expect(redeemableBenefits(MEMBERSHIP, now)).toEqual(BENEFITS);
    expect(redeemableBenefits({ ...MEMBERSHIP, status: "cancelled" }, now)).toEqual(BENEFITS);
  });

  it("none without a membership, while payment is pending, expired, or past its end", () => {
    expect(redeemableBenefits(null, now)).toEqual([]);
    expect(redeemableBenefits({ ...MEMBERSHIP, status: "pending" }, now)).toEqual([]);
    expect(redeemableBenefits({ ...MEMBERSHIP, status: "expired" }, now)).toEqual([]);
    expect(
      redeemableBenefits({ ...MEMBERSHIP, status: "cancelled" }, new Date("2026-06-01")),
    ).toEqual([]);
  });
});

describe("currentMembershipMonth", () => {
  it("runs from the start day to the same day next month, clamped to short months", () => {
    const month = currentMembershipMonth(MEMBERSHIP.startDate, new Date("2026-03-10T00:00:00Z"));
    // Jan 31 → Feb 28 → Mar 31: 10 March is in the month that began on 28 February.
    expect(month.start.toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(month.end.toISOString()).toBe("2026-03-31T10:00:00.000Z");
  });
});

describe("usedBenefits", () => {
  const now = new Date("2026-03-10T00:00:00.000Z");
  const redemption = (
    item: string,
    redemptionDate: string,
    redemptionType: RedemptionType = "benefit",
  ) => ({ item, redemptionDate, redemptionType });

  it("a benefit redeemed in this membership month is used until the next one starts", () => {
    const used = usedBenefits(
      MEMBERSHIP,
      [redemption("Free filter coffee", "2026-03-01T09:00:00.000Z")],
      now,
    );
    expect([...used.keys()]).toEqual([11]);
    expect(used.get(11)?.availableOn?.toISOString()).toBe("2026-03-31T10:00:00.000Z");
  });

  it("last month's redemptions, other kinds and other names do not count", () => {
    const used = usedBenefits(
      MEMBERSHIP,
      [
        redemption("Free filter coffee", "2026-02-28T09:59:59.000Z"),
        redemption("10% off pastries", "2026-03-02T09:00:00.000Z", "offer"),
        redemption("Free cold brew", "2026-03-02T09:00:00.000Z"),
      ],
      now,
    );
    expect(used.size).toBe(0);
    expect(usedBenefits(null, [], now).size).toBe(0);
  });
});

describe("usedBenefitsFromPayload", () => {
  it("takes the server's usedThisMonth and availableOn when every benefit has them", () => {
    const marked = BENEFITS.map((benefit) => ({
      ...benefit,
      usedThisMonth: benefit.id === 11,
      availableOn: benefit.id === 11 ? "2026-03-31T10:00:00.000Z" : null,
    }));
    expect(hasBenefitUsage(marked)).toBe(true);
    const used = usedBenefitsFromPayload(marked);
    expect([...used.keys()]).toEqual([11]);
    expect(used.get(11)?.availableOn?.toISOString()).toBe("2026-03-31T10:00:00.000Z");
  });

  it("a payload without the marks (or no benefits) falls back to the redemptions", () => {
    expect(hasBenefitUsage(BENEFITS)).toBe(false);
    expect(hasBenefitUsage([])).toBe(false);
  });
});

describe("canRedeemOffer", () => {
  const now = new Date("2026-03-10T00:00:00.000Z");
  it("once, before it expires; an offer without validity never expires", () => {
    expect(canRedeemOffer({ redeemedAt: null, expiresAt: "2026-03-11T00:00:00Z" }, now)).toBe(true);
    expect(canRedeemOffer({ redeemedAt: null, expiresAt: null }, now)).toBe(true);
    expect(canRedeemOffer({ redeemedAt: null, expiresAt: "2026-03-09T00:00:00Z" }, now)).toBe(
      false,
    );
    expect(canRedeemOffer({ redeemedAt: "2026-03-05T00:00:00Z", expiresAt: null }, now)).toBe(
      false,
    );
  });
});
