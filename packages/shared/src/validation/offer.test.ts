import { describe, expect, it } from "vitest";
import { errorsOf, parseOk } from "../test-helpers.ts";
import { makeOfferCreateSchema, makeOfferUpdateSchema, type OfferInput } from "./offer.ts";

const TODAY = "2025-03-10";
const create = makeOfferCreateSchema(TODAY);

const offer: OfferInput = {
  offerName: "Coffee deal",
  description: "Two coffees for the price of one",
  offerPrice: "9.99",
  originalPrice: "12.50",
  isLimited: false,
  isLimitedPerUser: false,
  hasValidity: false,
  startDate: TODAY,
  endDate: "2025-03-20",
};

describe("offer create: fields", () => {
  it("accepts a valid offer; off toggles give 0 and no original price gives null", () => {
    expect(parseOk(create, offer)).toEqual({
      offerName: "Coffee deal",
      description: "Two coffees for the price of one",
      redemptionInstructions: null,
      offerPrice: 9.99,
      originalPrice: 12.5,
      isLimited: false,
      quantity: 0,
      isLimitedPerUser: false,
      limitPerUser: 0,
      hasValidity: false,
      validityDays: 0,
      startDate: TODAY,
      endDate: "2025-03-20",
    });
    expect(parseOk(create, { ...offer, originalPrice: "" }).originalPrice).toBeNull();
  });

  it("gives the update form's messages for empty required fields", () => {
    expect(
      errorsOf(create, { ...offer, offerName: "", description: "  ", offerPrice: "" }),
    ).toEqual({
      offerName: "Enter offer name",
      description: "Enter description",
      offerPrice: "Enter valid price",
    });
  });

  it("name is 3-50 characters and description at least 10", () => {
    expect(errorsOf(create, { ...offer, offerName: "ab", description: "Too short" })).toEqual({
      offerName: "Offer name must be 3-50 characters",
      description: "Description must be at least 10 characters",
    });
    expect(errorsOf(create, { ...offer, offerName: "x".repeat(51) })).toEqual({
      offerName: "Offer name must be 3-50 characters",
    });
    expect(errorsOf(create, { ...offer, offerName: "abc", description: "x".repeat(10) })).toEqual(
      {},
    );
    expect(errorsOf(create, { ...offer, offerName: "x".repeat(50) })).toEqual({});
  });

  it("prices are positive with at most 2 decimals", () => {
    expect(errorsOf(create, { ...offer, offerPrice: "0", originalPrice: "-5" })).toEqual({
      offerPrice: "Enter valid price",
      originalPrice: "Enter valid price",
    });
    expect(errorsOf(create, { ...offer, offerPrice: "9.999" })).toEqual({
      offerPrice: "Price can have at most 2 decimal places",
    });
  });

  it("the original price must be higher than the offer price", () => {
    expect(errorsOf(create, { ...offer, originalPrice: "9.99" })).toEqual({
      originalPrice: "Price must be higher than offer",
    });
    expect(errorsOf(create, { ...offer, originalPrice: "5" })).toEqual({
      originalPrice: "Price must be higher than offer",
    });
    expect(errorsOf(create, { ...offer, originalPrice: "10" })).toEqual({});
  });
});

describe("offer create: toggles", () => {
  it("each toggle requires its positive whole number", () => {
    expect(
      errorsOf(create, {
        ...offer,
        isLimited: true,
        quantity: "",
        isLimitedPerUser: true,
        limitPerUser: null,
        hasValidity: true,
        validityDays: undefined,
      }),
    ).toEqual({
      quantity: "Enter quantity",
      limitPerUser: "Enter user limit",
      validityDays: "Enter validity days",
    });
    expect(
      errorsOf(create, {
        ...offer,
        isLimited: true,
        quantity: "0",
        isLimitedPerUser: true,
        limitPerUser: "1.5",
        hasValidity: true,
        validityDays: "-3",
      }),
    ).toEqual({
      quantity: "Enter valid quantity",
      limitPerUser: "Enter valid user limit",
      validityDays: "Enter valid days",
    });
  });

  it("prices and counts stay within what the columns hold", () => {
    expect(
      errorsOf(create, {
        ...offer,
        offerPrice: "1000000.01",
        originalPrice: "99999999999",
        isLimited: true,
        quantity: "1000001",
        hasValidity: true,
        validityDays: "3651",
      }),
    ).toEqual({
      offerPrice: "Price must be at most $1,000,000",
      originalPrice: "Price must be at most $1,000,000",
      quantity: "Quantity must be at most 1,000,000",
      validityDays: "Validity must be at most 3650 days",
    });
    expect(errorsOf(create, { ...offer, isLimitedPerUser: true, limitPerUser: "5000000" })).toEqual(
      { limitPerUser: "User limit must be at most 1,000,000" },
    );
    expect(
      errorsOf(create, {
        ...offer,
        isLimited: true,
        quantity: "1000000",
        hasValidity: true,
        validityDays: "3650",
      }),
    ).toEqual({});
  });

  it("limit per user may not exceed the quantity", () => {
    const limited = { ...offer, isLimited: true, isLimitedPerUser: true };
    expect(errorsOf(create, { ...limited, quantity: 5, limitPerUser: 6 })).toEqual({
      limitPerUser: "Limit per user must be less or equal to total quantity",
    });
    expect(parseOk(create, { ...limited, quantity: "5", limitPerUser: "5" })).toMatchObject({
      quantity: 5,
      limitPerUser: 5,
    });
    // Without a total quantity there is nothing to compare with.
    expect(
      errorsOf(create, { ...offer, isLimitedPerUser: true, limitPerUser: 100, quantity: 1 }),
    ).toEqual({});
  });

  it("values of toggles that are off are ignored and stored as 0", () => {
    expect(
      parseOk(create, { ...offer, quantity: "abc", limitPerUser: -1, validityDays: 30 }),
    ).toMatchObject({ quantity: 0, limitPerUser: 0, validityDays: 0 });
  });

  it("reads multipart strings", () => {
    expect(
      parseOk(create, {
        ...offer,
        isLimited: "true",
        quantity: "10",
        hasValidity: "true",
        validityDays: "30",
        isLimitedPerUser: "false",
      }),
    ).toMatchObject({ isLimited: true, quantity: 10, hasValidity: true, validityDays: 30 });
  });
});

describe("offer create: dates", () => {
  // Each row: the dates entered over a valid offer, and the messages they give.
  const cases: [title: string, dates: Partial<OfferInput>, errors: Record<string, string>][] = [
    ["a one-day offer starting today is allowed", { startDate: TODAY, endDate: TODAY }, {}],
    [
      "start and end are required calendar days",
      { startDate: "", endDate: "2025-02-30" },
      { startDate: "Select a start date", endDate: "Enter a valid date (YYYY-MM-DD)" },
    ],
    [
      "the start may not be in the past",
      { startDate: "2025-03-09" },
      { startDate: "Start date cannot be in the past" },
    ],
    [
      "the end must be on or after the start",
      { startDate: "2025-03-15", endDate: "2025-03-14" },
      { endDate: "End date must be after start" },
    ],
    [
      "reports a past start and an end before it together",
      { startDate: "2025-03-05", endDate: "2025-03-04" },
      { startDate: "Start date cannot be in the past", endDate: "End date must be after start" },
    ],
    [
      "the end may not be in the past",
      { startDate: "2025-03-01", endDate: "2025-03-09" },
      { startDate: "Start date cannot be in the past", endDate: "End date cannot be in the past" },
    ],
  ];

  it.each(cases)("%s", (_title, dates, errors) => {
    expect(errorsOf(create, { ...offer, ...dates })).toEqual(errors);
  });
});

describe("offer update", () => {
  const current = { startDate: "2025-03-01", endDate: "2025-03-12" };
  const update = makeOfferUpdateSchema(TODAY, current);

  it("keeps a start date already in the past when it did not change", () => {
    expect(parseOk(update, { ...offer, id: "7", ...current })).toMatchObject({
      id: 7,
      startDate: "2025-03-01",
    });
  });

  it("checks a changed start date against today", () => {
    expect(
      errorsOf(update, { ...offer, startDate: "2025-03-02", endDate: current.endDate }),
    ).toEqual({ startDate: "Start date cannot be in the past" });
  });

  it("still requires the end on or after the start", () => {
    expect(
      errorsOf(update, { ...offer, startDate: current.startDate, endDate: "2025-02-28" }),
    ).toEqual({ endDate: "End date must be after start" });
  });
});
