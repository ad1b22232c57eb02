import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { offers, shops } from "../../db/schema";
import { findRow } from "../../infra/db/rows";
import { expectConfirmed } from "../../test/answers";
import { createCustomer, createOffer, loginAs } from "../../test/factories";
import { appForFile, signedInOwner, signedInStaff } from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";
import { makeImage, multipart, oversizedPng, sendMultipart } from "../../test/multipart";
import * as repo from "./repo";

// Sales do not exist yet: the count is wrapped so a test can give an offer sales.
vi.mock("./repo", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./repo")>();
  return { ...actual, countSalesOfOffer: vi.fn(actual.countSalesOfOffer) };
});

/**
 * The shops in this file are in Tokyo (UTC+9, no daylight saving), so a calendar day there
 * starts at 15:00 UTC the day before, and the UTC date differs from the shop's in the evening.
 */
const ZONE = "Asia/Tokyo";
/** 2025-06-10 09:00 in Tokyo. */
const NOON_ISH = new Date("2025-06-10T00:00:00Z");
let clock = NOON_ISH;

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" }, now: () => clock });
beforeEach(() => {
  clock = NOON_ISH;
});

const BASE = "/api/v1/offers";
const uploadsDir = () => join(t.config.dataDir, "uploads", "offers");
const storedOfferImages = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);
const pathOfUrl = (url: string) => join(t.config.dataDir, url);

/** An offer of the shop, straight in the database, running from `startDate` to `endDate`. */
function offerRunning(shopId: number, startDate: string, endDate: string) {
  return createOffer(t.database.db, shopId, { startDate, endDate });
}

async function shopOwner() {
  const { shopId, authorization } = await signedInOwner(t);
  await t.database.db.update(shops).set({ timeZone: ZONE }).where(eq(shops.id, shopId));
  return { shopId, authorization };
}

const fields = {
  offerName: "Coffee deal",
  description: "Two coffees for the price of one",
  redemptionInstructions: "Show this at the counter",
  offerPrice: "9.99",
  originalPrice: "12.50",
  isLimited: "true",
  quantity: "100",
  isLimitedPerUser: "true",
  limitPerUser: "2",
  hasValidity: "true",
  validityDays: "30",
  startDate: "2025-06-10",
  endDate: "2025-06-20",
};

type ImagePart = { buffer: Buffer; filename: string; type: string };

async function offerImage(width = 340, height = 220, format: "png" | "jpeg" = "jpeg") {
  return {
    buffer: await makeImage(width, height, format),
    filename: `offer photo.${format === "png" ? "png" : "jpg"}`,
    type: `image/${format}`,
  };
}

async function send(
  method: "POST" | "PUT",
  authorization: string,
  values: Record<string, string>,
  image?: ImagePart | null,
) {
  const url = method === "POST" ? `${BASE}/create-offer` : `${BASE}/update-offer-by-id`;
  return sendMultipart(
    t.app,
    { method, url, headers: { authorization } },
    values,
    image ? { offerImage: image } : {},
  );
}

async function createVia(
  authorization: string,
  values: Record<string, string> = fields,
  image?: ImagePart | null,
) {
  return send("POST", authorization, values, image === undefined ? await offerImage() : image);
}

async function get(authorization: string | undefined, url: string) {
  return t.app.inject({
    method: "GET",
    url,
    headers: authorization ? { authorization } : {},
  });
}

describe("create offer", () => {
  it("creates an offer with its image, in dollars, stored in cents", async () => {
    const { authorization, shopId } = await shopOwner();
    const res = await createVia(authorization);
    const { offer } = expectConfirmed(res, 201, "Offer created successfully");
    expect(offer).toMatchObject({
      shopId,
      offerName: "Coffee deal",
      description: "Two coffees for the price of one",
      redemptionInstructions: "Show this at the counter",
      offerPrice: 9.99,
      originalPrice: 12.5,
      isLimited: true,
      quantity: 100,
      isLimitedPerUser: true,
      limitPerUser: 2,
      hasValidity: true,
      validityDays: 30,
      startDate: "2025-06-10",
      endDate: "2025-06-20",
      status: "active",
      timing: "active",
      soldCount: 0,
      purchaseCount: 0,
      totalRevenue: 0,
    });
    expect(offer.offerImage).toMatch(/^\/uploads\/offers\/[\w-]+\.jpg$/);
    const image = await t.app.inject({ method: "GET", url: offer.offerImage });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    const row = await findRow(t.database.db, offers, offer.id);
    expect(row).toMatchObject({ offerPriceCents: 999, originalPriceCents: 1250 });
  });

  it("stores toggles that are off as 0 and a missing original price as null", async () => {
    const { authorization } = await shopOwner();
    const { originalPrice: _o, redemptionInstructions: _r, ...rest } = fields;
    const res = await createVia(
      authorization,
      {
        ...rest,
        isLimited: "false",
        quantity: "",
        isLimitedPerUser: "false",
        hasValidity: "false",
        startDate: "2025-06-12",
        endDate: "2025-06-12",
      },
      await offerImage(330, 210, "png"),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().offer).toMatchObject({
      originalPrice: null,
      redemptionInstructions: null,
      isLimited: false,
      quantity: 0,
      limitPerUser: 0,
      validityDays: 0,
      timing: "upcoming",
    });
    expect(res.json().offer.offerImage).toMatch(/\.png$/);
  });

  it("refuses bad fields with the spec's messages, all at once, and stores nothing", async () => {
    const { authorization, shopId } = await shopOwner();
    const before = storedOfferImages().length;
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { offerName: "", description: " ", offerPrice: "", startDate: "", endDate: "" },
        {
          offerName: "Enter offer name",
          description: "Enter description",
          offerPrice: "Enter valid price",
          startDate: "Select a start date",
          endDate: "Select an end date",
        },
      ],
      [
        {
          ...fields,
          offerName: "ab",
          description: "Too short",
          offerPrice: "9.999",
          originalPrice: "abc",
          redemptionInstructions: "i".repeat(501),
        },
        {
          offerName: "Offer name must be 3-50 characters",
          description: "Description must be at least 10 characters",
          offerPrice: "Price can have at most 2 decimal places",
          originalPrice: "Enter valid price",
          redemptionInstructions: "Redemption instructions must be at most 500 characters",
        },
      ],
      [
        { ...fields, offerName: "x".repeat(51), offerPrice: "0", originalPrice: "-1" },
        {
          offerName: "Offer name must be 3-50 characters",
          offerPrice: "Enter valid price",
          originalPrice: "Enter valid price",
        },
      ],
      [
        { ...fields, description: "d".repeat(2001), originalPrice: "9.99" },
        {
          description: "Description must be at most 2000 characters",
          originalPrice: "Price must be higher than offer",
        },
      ],
      [
        { ...fields, offerPrice: "1000000.01", originalPrice: "2000000" },
        {
          offerPrice: "Price must be at most $1,000,000",
          originalPrice: "Price must be at most $1,000,000",
        },
      ],
      [
        { ...fields, quantity: "", limitPerUser: "", validityDays: "" },
        {
          quantity: "Enter quantity",
          limitPerUser: "Enter user limit",
          validityDays: "Enter validity days",
        },
      ],
      [
        { ...fields, quantity: "0", limitPerUser: "1.5", validityDays: "-3" },
        {
          quantity: "Enter valid quantity",
          limitPerUser: "Enter valid user limit",
          validityDays: "Enter valid days",
        },
      ],
      [
        { ...fields, quantity: "5", limitPerUser: "6", validityDays: "3651" },
        {
          limitPerUser: "Limit per user must be less or equal to total quantity",
          validityDays: "Validity must be at most 3650 days",
        },
      ],
      [
        { ...fields, quantity: "1000001", isLimitedPerUser: "false" },
        { quantity: "Quantity must be at most 1,000,000" },
      ],
      [
        { ...fields, isLimited: "false", limitPerUser: "1000001" },
        { limitPerUser: "User limit must be at most 1,000,000" },
      ],
      [
        { ...fields, startDate: "2025-06-12", endDate: "2025-06-11" },
        { endDate: "End date must be after start" },
      ],
      [
        // 2025-06-09 is still "today" in UTC, but the shop's day is already the 10th.
        { ...fields, startDate: "2025-06-09", endDate: "2025-06-09" },
        {
          startDate: "Start date cannot be in the past",
          endDate: "End date cannot be in the past",
        },
      ],
      [
        { ...fields, startDate: "10/06/2025", endDate: "2025-02-30" },
        {
          startDate: "Enter a valid date (YYYY-MM-DD)",
          endDate: "Enter a valid date (YYYY-MM-DD)",
        },
      ],
    ];
    for (const [values, errors] of cases) {
      const res = await createVia(authorization, values);
      expect(res.statusCode, JSON.stringify(errors)).toBe(400);
      expect(res.json().errors, JSON.stringify(errors)).toEqual(errors);
      // The toast shows one of them.
      expect(Object.values(errors)).toContain(res.json().message);
    }
    expect(await t.database.db.select().from(offers).where(eq(offers.shopId, shopId))).toEqual([]);
    expect(storedOfferImages()).toHaveLength(before);
  });

  it("requires a real image of the right type, size and dimensions", async () => {
    const { authorization, shopId } = await shopOwner();
    const before = storedOfferImages().length;
    const gif = await makeImage(340, 220, "gif");
    const huge = await oversizedPng();
    const cases: [ImagePart | null, string][] = [
      [null, "Please upload an image."],
      [
        { buffer: gif, filename: "a.gif", type: "image/gif" },
        "Only PNG, JPEG, JPG, HEIC and HEIF files are allowed",
      ],
      [await offerImage(400, 220), "Image must be 330-350 pixels wide and 210-230 pixels high"],
      [await offerImage(340, 209), "Image must be 330-350 pixels wide and 210-230 pixels high"],
      [
        { buffer: Buffer.from("not an image"), filename: "x.png", type: "image/png" },
        "Invalid image file or corrupted image",
      ],
      [{ buffer: huge, filename: "big.png", type: "image/png" }, "File size must be less than 5MB"],
    ];
    for (const [image, message] of cases) {
      const res = await createVia(authorization, fields, image);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors.offerImage, message).toBe(message);
    }
    // Field and image problems come back together.
    const both = await createVia(authorization, { ...fields, offerName: "" }, null);
    expect(both.json().errors).toEqual({
      offerName: "Enter offer name",
      offerImage: "Please upload an image.",
    });
    const json = await t.app.inject({
      method: "POST",
      url: `${BASE}/create-offer`,
      headers: { authorization },
      payload: fields,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe("Send the form as multipart/form-data.");
    expect(await t.database.db.select().from(offers).where(eq(offers.shopId, shopId))).toEqual([]);
    expect(storedOfferImages()).toHaveLength(before);
  });
});

describe("offer timing follows the shop's calendar day", () => {
  it("is upcoming until the start day begins and active until the end day is over", async () => {
    const { authorization, shopId } = await shopOwner();
    clock = new Date("2025-06-01T00:00:00Z");
    const created = await createVia(authorization, {
      ...fields,
      startDate: "2025-06-10",
      endDate: "2025-06-12",
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().offer;

    const timingAt = async (instant: string) => {
      clock = new Date(instant);
      const single = await get(authorization, `${BASE}/get-single-offer?id=${id}`);
      const tabs: Record<string, number[]> = {};
      for (const tab of ["upcoming", "active", "expired"]) {
        const list = await get(authorization, `${BASE}/get-all-offers?timeFilter=${tab}`);
        tabs[tab] = list.json().offers.map((o: { id: number }) => o.id);
      }
      const storefront = await get(
        undefined,
        `/api/v1/customer/offers/get-active-offers?shopId=${shopId}`,
      );
      const publicIds = storefront.json().offers.map((o: { id: number }) => o.id);
      const tab = Object.keys(tabs).filter((name) => tabs[name]?.includes(id));
      return { timing: single.json().offer.timing, tab, public: publicIds.includes(id) };
    };

    // The offer is in the one tab its timing names, and on the storefront only while active.
    for (const [instant, timing, isPublic] of [
      // Tokyo 2025-06-09 23:59:59
      ["2025-06-09T14:59:59Z", "upcoming", false],
      // Tokyo 2025-06-10 00:00:00, while it is still the 9th in UTC
      ["2025-06-09T15:00:00Z", "active", true],
      // Tokyo 2025-06-12 23:59:59: the last day is included
      ["2025-06-12T14:59:59Z", "active", true],
      // Tokyo 2025-06-13 00:00:00
      ["2025-06-12T15:00:00Z", "expired", false],
    ] as const) {
      expect(await timingAt(instant), instant).toEqual({ timing, tab: [timing], public: isPublic });
    }
  });

  it("shows on the storefront by the shop's day at both ends of the world's time zones", async () => {
    const db = t.database.db;
    const storefront = async (shopId: number) => {
      const res = await get(
        undefined,
        `/api/v1/customer/offers/get-active-offers?shopId=${shopId}`,
      );
      return res.json().offers.map((o: { offerName: string }) => o.offerName);
    };
    // 2025-06-10 05:00 UTC is 18:00 on the 9th in Pago Pago (UTC-11) and 19:00 on the 10th in
    // Kiritimati (UTC+14): two different days for the same instant.
    clock = new Date("2025-06-10T05:00:00Z");
    for (const [zone, running] of [
      ["Pacific/Pago_Pago", "June 9"],
      ["Pacific/Kiritimati", "June 10"],
    ] as const) {
      const { shopId } = await shopOwner();
      await db.update(shops).set({ timeZone: zone }).where(eq(shops.id, shopId));
      for (const [offerName, day] of [
        ["June 8", "2025-06-08"],
        ["June 9", "2025-06-09"],
        ["June 10", "2025-06-10"],
        ["June 11", "2025-06-11"],
      ]) {
        await createOffer(db, shopId, { offerName, startDate: day, endDate: day });
      }
      expect(await storefront(shopId), zone).toEqual([running]);
    }
  });

  it("refuses a start before the shop's today, and takes today itself, at midnight", async () => {
    const { authorization } = await shopOwner();
    // Tokyo 2025-06-10 00:00:00
    clock = new Date("2025-06-09T15:00:00Z");
    const yesterday = await createVia(authorization, {
      ...fields,
      startDate: "2025-06-09",
    });
    expect(yesterday.json().errors).toEqual({ startDate: "Start date cannot be in the past" });
    const today = await createVia(authorization, { ...fields, startDate: "2025-06-10" });
    expect(today.statusCode).toBe(201);
    // Tokyo 2025-06-09 23:59:59: the 10th is tomorrow.
    clock = new Date("2025-06-09T14:59:59Z");
    const tomorrow = await createVia(authorization, { ...fields, startDate: "2025-06-09" });
    expect(tomorrow.statusCode).toBe(201);
    expect(tomorrow.json().offer.timing).toBe("active");
  });
});

describe("list and read offers", () => {
  it("lists the tabs in their order, leaves deleted offers out, and reads one offer", async () => {
    const { authorization, shopId } = await shopOwner();
    const db = t.database.db;
    const soon = await offerRunning(shopId, "2025-06-11", "2025-06-30");
    const later = await offerRunning(shopId, "2025-07-01", "2025-07-30");
    const endsLast = await offerRunning(shopId, "2025-06-01", "2025-06-30");
    const endsToday = await offerRunning(shopId, "2025-06-10", "2025-06-10");
    const oldest = await offerRunning(shopId, "2025-01-01", "2025-01-31");
    const recent = await offerRunning(shopId, "2025-05-01", "2025-06-09");
    await createOffer(db, shopId, { status: "cancelled", endDate: "2025-06-30" });
    const ids = async (query: string) => {
      const res = await get(authorization, `${BASE}/get-all-offers${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json().offers.map((o: { id: number }) => o.id);
    };
    expect(await ids("?timeFilter=upcoming")).toEqual([soon.id, later.id]);
    expect(await ids("?timeFilter=active")).toEqual([endsToday.id, endsLast.id]);
    expect(await ids("?timeFilter=expired")).toEqual([recent.id, oldest.id]);
    expect(await ids("")).toEqual([
      later.id,
      soon.id,
      endsToday.id,
      endsLast.id,
      recent.id,
      oldest.id,
    ]);
    expect(await ids("?timeFilter=")).toHaveLength(6);
    expect((await get(authorization, `${BASE}/get-all-offers?timeFilter=soon`)).statusCode).toBe(
      400,
    );

    const single = await get(authorization, `${BASE}/get-single-offer?id=${soon.id}`);
    expect(single.statusCode).toBe(200);
    expect(single.json().offer).toMatchObject({
      id: soon.id,
      offerPrice: 5,
      originalPrice: 10,
      timing: "upcoming",
      soldCount: 0,
    });
    expect((await get(authorization, `${BASE}/get-single-offer?id=x`)).statusCode).toBe(400);
  });

  it("reports the Offers Overview for a period", async () => {
    const { authorization, shopId } = await shopOwner();
    await offerRunning(shopId, "2025-06-11", "2025-06-30");
    await offerRunning(shopId, "2025-06-01", "2025-06-30");
    await offerRunning(shopId, "2025-06-01", "2025-06-09");
    await createOffer(t.database.db, shopId, { status: "cancelled" });
    for (const query of ["", "?timeFilter=6months", "?timeFilter=lastYear", "?timeFilter=1year"]) {
      const res = await get(authorization, `${BASE}/stats${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual({
        stats: {
          totalRevenue: 0,
          totalRevenuePercentage: null,
          soldOffers: 0,
          soldOffersPercentage: null,
          activeOffers: 1,
          upcomingOffers: 1,
          expiredOffers: 1,
        },
      });
    }
    expect((await get(authorization, `${BASE}/stats?timeFilter=weekly`)).statusCode).toBe(400);
  });
});

describe("update offer", () => {
  it("updates the fields and replaces the image, removing the old file", async () => {
    const { authorization } = await shopOwner();
    const created = (await createVia(authorization)).json().offer;
    const oldPath = pathOfUrl(created.offerImage);
    expect(existsSync(oldPath)).toBe(true);
    const res = await send(
      "PUT",
      authorization,
      {
        ...fields,
        id: String(created.id),
        offerName: "Better deal",
        offerPrice: "8",
        originalPrice: "",
        isLimited: "false",
        endDate: "2025-06-25",
      },
      await offerImage(350, 230, "png"),
    );
    const { offer } = expectConfirmed(res, 200, "Offer updated successfully");
    expect(offer).toMatchObject({
      id: created.id,
      offerName: "Better deal",
      offerPrice: 8,
      originalPrice: null,
      isLimited: false,
      quantity: 0,
      // The limit per user stays: it is no longer compared with a quantity.
      limitPerUser: 2,
      endDate: "2025-06-25",
      redemptionInstructions: "Show this at the counter",
    });
    expect(offer.offerImage).not.toBe(created.offerImage);
    expect(offer.offerImage).toMatch(/\.png$/);
    expect(existsSync(pathOfUrl(offer.offerImage))).toBe(true);
    expect(existsSync(oldPath)).toBe(false);
  });

  it("keeps the image and the instructions when they are not sent", async () => {
    const { authorization } = await shopOwner();
    const created = (await createVia(authorization)).json().offer;
    const { redemptionInstructions: _r, ...rest } = fields;
    const res = await send("PUT", authorization, { ...rest, id: String(created.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json().offer).toMatchObject({
      offerImage: created.offerImage,
      redemptionInstructions: "Show this at the counter",
    });
    expect(existsSync(pathOfUrl(created.offerImage))).toBe(true);
    const cleared = await send("PUT", authorization, {
      ...fields,
      id: String(created.id),
      redemptionInstructions: "",
    });
    expect(cleared.json().offer.redemptionInstructions).toBeNull();
  });

  it("checks dates against today only when they changed", async () => {
    const { authorization, shopId } = await shopOwner();
    const running = await offerRunning(shopId, "2025-06-01", "2025-06-05");
    const base = { ...fields, id: String(running.id) };
    const unchanged = await send("PUT", authorization, {
      ...base,
      startDate: "2025-06-01",
      endDate: "2025-06-05",
      offerName: "Renamed",
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().offer).toMatchObject({ offerName: "Renamed", timing: "expired" });
    const extended = await send("PUT", authorization, {
      ...base,
      startDate: "2025-06-01",
      endDate: "2025-06-15",
    });
    expect(extended.json().offer.timing).toBe("active");
    const moved = await send("PUT", authorization, {
      ...base,
      startDate: "2025-06-02",
      endDate: "2025-06-15",
    });
    expectFieldErrors(moved, { startDate: "Start date cannot be in the past" });
    const shortened = await send("PUT", authorization, {
      ...base,
      startDate: "2025-06-01",
      endDate: "2025-06-09",
    });
    expect(shortened.json().errors).toEqual({ endDate: "End date cannot be in the past" });
  });

  it("refuses bad input without storing anything; unknown, foreign or deleted offers", async () => {
    const { authorization, shopId } = await shopOwner();
    const other = await shopOwner();
    const mine = await createOffer(t.database.db, shopId, { offerName: "Mine" });
    const theirs = await createOffer(t.database.db, other.shopId, { offerName: "Theirs" });
    const cancelled = await createOffer(t.database.db, shopId, { status: "cancelled" });
    const before = storedOfferImages().length;

    const bad = await send(
      "PUT",
      authorization,
      { ...fields, id: String(mine.id), offerName: "", originalPrice: "1" },
      await offerImage(),
    );
    expectFieldErrors(bad, {
      offerName: "Enter offer name",
      originalPrice: "Price must be higher than offer",
    });
    const badImage = await send(
      "PUT",
      authorization,
      { ...fields, id: String(mine.id) },
      await offerImage(200, 200),
    );
    expect(badImage.json().errors).toEqual({
      offerImage: "Image must be 330-350 pixels wide and 210-230 pixels high",
    });
    for (const [id, status] of [
      ["", 400],
      ["abc", 400],
      [String(theirs.id), 404],
      [String(cancelled.id), 422],
    ] as const) {
      const res = await send("PUT", authorization, { ...fields, id }, await offerImage());
      expect(res.statusCode, id).toBe(status);
      if (status === 400) expect(res.json().errors).toEqual({ id: "Invalid id" });
      if (status === 404) expect(res.json().message).toBe("Offer not found");
      if (status === 422) {
        expect(res.json().message).toBe("This offer was deleted and can no longer be changed.");
      }
    }
    expect(storedOfferImages()).toHaveLength(before);
    const rows = await t.database.db.select().from(offers);
    expect(rows.find((r) => r.id === mine.id)?.offerName).toBe("Mine");
    expect(rows.find((r) => r.id === theirs.id)?.offerName).toBe("Theirs");
  });
});

describe("delete offer", () => {
  it("removes an offer without sales, with its image", async () => {
    const { authorization } = await shopOwner();
    const created = (await createVia(authorization)).json().offer;
    const res = await t.app.inject({
      method: "DELETE",
      url: `${BASE}/delete-offer-by-id?id=${created.id}`,
      headers: { authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Offer deleted successfully", outcome: "removed" });
    expect(existsSync(pathOfUrl(created.offerImage))).toBe(false);
    expect((await get(authorization, `${BASE}/get-single-offer?id=${created.id}`)).statusCode).toBe(
      404,
    );
  });

  it("cancels an offer with sales: kept with its image, gone from the tabs and storefront", async () => {
    const { authorization, shopId } = await shopOwner();
    const created = (await createVia(authorization)).json().offer;
    vi.mocked(repo.countSalesOfOffer).mockResolvedValueOnce(4);
    const res = await t.app.inject({
      method: "DELETE",
      url: `${BASE}/delete-offer-by-id?id=${created.id}`,
      headers: { authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Offer deleted. It had sales, so purchased offers stay redeemable.",
      outcome: "cancelled",
    });
    expect(existsSync(pathOfUrl(created.offerImage))).toBe(true);
    const single = await get(authorization, `${BASE}/get-single-offer?id=${created.id}`);
    expect(single.json().offer.status).toBe("cancelled");
    expect((await get(authorization, `${BASE}/get-all-offers`)).json().offers).toEqual([]);
    const storefront = await get(
      undefined,
      `/api/v1/customer/offers/get-active-offers?shopId=${shopId}`,
    );
    expect(storefront.json().offers).toEqual([]);
    const again = await t.app.inject({
      method: "DELETE",
      url: `${BASE}/delete-offer-by-id?id=${created.id}`,
      headers: { authorization },
    });
    expect(again.statusCode).toBe(422);
  });

  it("answers 404 for another shop's offer and leaves it alone", async () => {
    const { authorization } = await shopOwner();
    const other = await shopOwner();
    const theirs = await createOffer(t.database.db, other.shopId);
    const res = await t.app.inject({
      method: "DELETE",
      url: `${BASE}/delete-offer-by-id?id=${theirs.id}`,
      headers: { authorization },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Offer not found");
    const still = await findRow(t.database.db, offers, theirs.id);
    expect(still?.status).toBe("active");
  });
});

describe("who may manage offers", () => {
  it("lets staff manage the employer's offers", async () => {
    const { shopId, authorization: ownerAuth } = await shopOwner();
    const { authorization } = await signedInStaff(t, shopId);
    const created = await createVia(authorization);
    expect(created.statusCode).toBe(201);
    const seen = (await get(ownerAuth, `${BASE}/get-all-offers`)).json().offers;
    expect(seen.map((o: { id: number }) => o.id)).toEqual([created.json().offer.id]);
  });

  it("refuses customers and anonymous callers on every merchant call", async () => {
    const { shopId } = await shopOwner();
    const offer = await createOffer(t.database.db, shopId);
    const customer = await createCustomer(t.database.db, shopId);
    const customerAuth = (await loginAs(t.app, customer, shopId)).authorization;
    const form = await multipart({ ...fields, id: String(offer.id) });
    const calls = [
      { method: "POST", url: `${BASE}/create-offer`, ...form },
      { method: "PUT", url: `${BASE}/update-offer-by-id`, ...form },
      { method: "GET", url: `${BASE}/get-all-offers` },
      { method: "GET", url: `${BASE}/get-single-offer?id=${offer.id}` },
      { method: "DELETE", url: `${BASE}/delete-offer-by-id?id=${offer.id}` },
      { method: "GET", url: `${BASE}/stats` },
    ] as const;
    for (const call of calls) {
      for (const [authorization, status] of [
        [undefined, 401],
        [customerAuth, 403],
      ] as const) {
        const headers: Record<string, string> = "headers" in call ? { ...call.headers } : {};
        if (authorization) headers.authorization = authorization;
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          headers,
          ...("payload" in call ? { payload: call.payload } : {}),
        });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(status);
      }
    }
    const still = await findRow(t.database.db, offers, offer.id);
    expect(still?.offerName).toBe("Two for one");
  });

  it("answers 404 for another shop's offer on every call that takes an id", async () => {
    const { authorization } = await shopOwner();
    const other = await shopOwner();
    const theirs = await createOffer(t.database.db, other.shopId);
    expect((await get(authorization, `${BASE}/get-single-offer?id=${theirs.id}`)).statusCode).toBe(
      404,
    );
    const update = await send("PUT", authorization, { ...fields, id: String(theirs.id) });
    expect(update.statusCode).toBe(404);
    const list = await get(authorization, `${BASE}/get-all-offers`);
    expect(list.json().offers).toEqual([]);
  });
});

describe("storefront offers (public)", () => {
  it("lists only running offers that were not deleted, with no merchant figures", async () => {
    const { shopId } = await shopOwner();
    const other = await shopOwner();
    const db = t.database.db;
    const running = await createOffer(db, shopId, {
      startDate: "2025-06-01",
      endDate: "2025-06-30",
      redemptionInstructions: "Ask at the till",
    });
    const lastDay = await offerRunning(shopId, "2025-06-10", "2025-06-10");
    await offerRunning(shopId, "2025-06-11", "2025-06-30");
    await offerRunning(shopId, "2025-06-01", "2025-06-09");
    await createOffer(db, shopId, { status: "cancelled", endDate: "2025-06-30" });
    await offerRunning(other.shopId, "2025-06-01", "2025-06-30");

    const res = await get(undefined, `/api/v1/customer/offers/get-active-offers?shopId=${shopId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().offers;
    expect(list.map((o: { id: number }) => o.id)).toEqual([lastDay.id, running.id]);
    expect(list[1]).toEqual({
      id: running.id,
      offerName: "Two for one",
      description: "Two coffees for the price of one",
      redemptionInstructions: "Ask at the till",
      originalPrice: 10,
      offerPrice: 5,
      isLimited: false,
      quantity: 0,
      isLimitedPerUser: false,
      limitPerUser: 0,
      hasValidity: false,
      validityDays: 0,
      startDate: "2025-06-01",
      endDate: "2025-06-30",
      offerImage: "/uploads/offers/AAAAAAAAAAAAAAAAAAAAAA.png",
    });
  });

  it("answers Store Not Found for an unknown shop and 400 for a malformed id", async () => {
    const missing = await get(
      undefined,
      "/api/v1/customer/offers/get-active-offers?shopId=2147483000",
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Store Not Found" });
    const bad = await get(undefined, "/api/v1/customer/offers/get-active-offers");
    expect(bad.statusCode).toBe(400);
  });
});
