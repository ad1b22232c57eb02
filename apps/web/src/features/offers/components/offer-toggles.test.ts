import { makeOfferCreateSchema } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { toggleOfferLimit } from "./offer-toggles";

describe("offer toggles", () => {
  it("reset the governed value to 0 when switched on or off", () => {
    expect(toggleOfferLimit("isLimited", true)).toEqual({
      toggle: "isLimited",
      on: true,
      field: "quantity",
      value: "0",
    });
    expect(toggleOfferLimit("isLimitedPerUser", false).field).toBe("limitPerUser");
    expect(toggleOfferLimit("hasValidity", false).field).toBe("validityDays");
  });

  it("a toggle switched on after its reset asks for a value; off sends 0", () => {
    const schema = makeOfferCreateSchema("2025-06-01");
    const base = {
      offerName: "Two for one",
      description: "Two coffees for one",
      offerPrice: "5",
      isLimited: false,
      quantity: "0",
      isLimitedPerUser: false,
      limitPerUser: "0",
      hasValidity: false,
      validityDays: "0",
      startDate: "2025-06-01",
      endDate: "2025-06-02",
    };
    const off = schema.safeParse(base);
    expect(off.success && off.data.quantity).toBe(0);
    const on = schema.safeParse({ ...base, isLimited: true });
    expect(on.success).toBe(false);
    expect(on.error?.issues[0]?.message).toBe("Enter valid quantity");
  });
});
