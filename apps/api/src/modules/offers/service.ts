import {
  ACCESS_MESSAGES,
  CATALOGUE_MESSAGES,
  COMMON_MESSAGES,
  getPeriodRange,
  idSchema,
  makeOfferCreateSchema,
  makeOfferUpdateSchema,
  OFFER_MESSAGES,
  type OfferValues,
  type Period,
  percentChange,
  toCents,
  toDollars,
  todayInTimeZone,
  toFieldErrors,
} from "@tessera/shared";
import type { Offer } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import {
  offerImageRules,
  type ProcessedImage,
  processFormImage,
  replaceImage,
  storeImage,
} from "../../infra/images";
import type { Storage } from "../../infra/storage";
import { recordOfferChange } from "../audit/catalogue";
import { findShopTimeZone } from "../shops/lookups";
import { toOfferDto } from "./dto";
import * as repo from "./repo";
import { offersWindow, runningToday } from "./running";

export type OffersDeps = {
  db: Database;
  storage: Storage;
  /** The clock: "today" is its calendar day in the shop's time zone. Tests move it. */
  now?: () => Date;
};

/** The caller's tenant: always the session's shop, never an id from the request. */
type ShopScope = { shopId: number };

function notFound(): AppError {
  return new AppError("NOT_FOUND", CATALOGUE_MESSAGES.offerNotFound);
}

function readOnly(): AppError {
  return new AppError("UNPROCESSABLE", CATALOGUE_MESSAGES.offerReadOnly);
}

function badRequest(errors: Record<string, string>): AppError {
  return new AppError("BAD_REQUEST", Object.values(errors)[0] ?? "Invalid request", { errors });
}

function offerColumns(values: OfferValues) {
  return {
    offerName: values.offerName,
    description: values.description,
    redemptionInstructions: values.redemptionInstructions,
    originalPriceCents: values.originalPrice === null ? null : toCents(values.originalPrice),
    offerPriceCents: toCents(values.offerPrice),
    isLimited: values.isLimited,
    quantity: values.quantity,
    isLimitedPerUser: values.isLimitedPerUser,
    limitPerUser: values.limitPerUser,
    hasValidity: values.hasValidity,
    validityDays: values.validityDays,
    startDate: values.startDate,
    endDate: values.endDate,
  };
}

export function createOffersService({ db, storage, now = () => new Date() }: OffersDeps) {
  /** The shop's calendar day now. */
  async function shopToday(shopId: number) {
    const timeZone = await findShopTimeZone(db, shopId);
    if (timeZone === undefined) return undefined;
    return { timeZone, today: todayInTimeZone(timeZone, now()) };
  }

  async function requireShopToday(shopId: number) {
    const day = await shopToday(shopId);
    if (!day) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    return day;
  }

  /** Offers with their sales, as the merchant sees them. */
  async function views(shopId: number, list: Offer[], today: string) {
    const sales = await repo.findSalesByOffer(
      db,
      shopId,
      list.map((offer) => offer.id),
    );
    return list.map((offer) => toOfferDto(offer, today, sales.get(offer.id)));
  }

  async function view(shopId: number, offer: Offer, today: string) {
    const [dto] = await views(shopId, [offer], today);
    if (!dto) throw notFound();
    return dto;
  }

  const store = (image: ProcessedImage) => storeImage(storage, image, "offers");

  /** Removes a stored image by the URL kept in the database; failures only cost disk space. */
  async function removeImage(url: string) {
    const key = storage.keyFromUrl(url);
    if (key) await storage.remove(key).catch(() => {});
  }

  return {
    /** The merchant's tabs; without a timing every offer that was not deleted. */
    async listOffers({ shopId }: ShopScope, timing?: repo.OfferTiming) {
      const { today } = await requireShopToday(shopId);
      const list = await repo.listOffersOfShop(db, shopId, { today, timing });
      return { offers: await views(shopId, list, today) };
    },

    async getOffer({ shopId }: ShopScope, id: number) {
      const offer = await repo.findOfferById(db, shopId, id);
      if (!offer) throw notFound();
      const { today } = await requireShopToday(shopId);
      return { offer: await view(shopId, offer, today) };
    },

    /** Every field problem and the image's are reported together; nothing is stored on failure. */
    async createOffer(
      { shopId }: ShopScope,
      fields: Record<string, string>,
      imageBuffer: Buffer | undefined,
    ) {
      const { today } = await requireShopToday(shopId);
      const errors: Record<string, string> = {};
      const parsed = makeOfferCreateSchema(today).safeParse(fields);
      if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error));
      const image = await processFormImage(imageBuffer, offerImageRules, errors);
      if (!imageBuffer) errors.offerImage = OFFER_MESSAGES.imageRequiredCreate;
      if (!parsed.success || !image || Object.keys(errors).length > 0) throw badRequest(errors);

      const stored = await store(image);
      let offer: Offer;
      try {
        offer = await repo.insertOffer(db, {
          shopId,
          ...offerColumns(parsed.data),
          offerImage: stored.url,
        });
      } catch (error) {
        await storage.remove(stored.key).catch(() => {});
        throw error;
      }
      return { message: CATALOGUE_MESSAGES.offerCreated, offer: await view(shopId, offer, today) };
    },

    /**
     * All fields are sent again (the create rules; dates are checked against today only when
     * they changed). `redemptionInstructions` is kept when the form leaves it out, since the
     * spec's update form does not list it. The image is optional; a replaced one is removed
     * once the update is saved.
     */
    async updateOffer(
      { shopId }: ShopScope,
      fields: Record<string, string>,
      imageBuffer: Buffer | undefined,
    ) {
      const id = idSchema.safeParse(fields.id);
      if (!id.success) throw badRequest({ id: COMMON_MESSAGES.idInvalid });
      const current = await repo.findOfferById(db, shopId, id.data);
      if (!current) throw notFound();
      if (current.status === "cancelled") throw readOnly();
      const { today } = await requireShopToday(shopId);

      const errors: Record<string, string> = {};
      const parsed = makeOfferUpdateSchema(today, current).safeParse(fields);
      if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error));
      const image = await processFormImage(imageBuffer, offerImageRules, errors);
      if (!parsed.success || Object.keys(errors).length > 0) throw badRequest(errors);

      const columns = offerColumns(parsed.data);
      if (!("redemptionInstructions" in fields)) {
        columns.redemptionInstructions = current.redemptionInstructions;
      }
      const offer = await replaceImage(storage, image, "offers", (imageUrl) =>
        db.transaction(async (tx) => {
          const locked = await repo.lockOffer(tx, shopId, id.data);
          if (!locked) throw notFound();
          if (locked.status === "cancelled") throw readOnly();
          const saved = await repo.updateOffer(tx, shopId, id.data, {
            ...columns,
            ...(imageUrl ? { offerImage: imageUrl } : {}),
          });
          await recordOfferChange(tx, locked, saved);
          return { saved, previousUrl: locked.offerImage };
        }),
      );
      return {
        message: CATALOGUE_MESSAGES.offerUpdated,
        offer: await view(shopId, offer, today),
      };
    },

    /**
     * An offer with sales is cancelled (kept: shown as Deleted, its purchases stay redeemable);
     * one without is removed with its image.
     */
    async deleteOffer({ shopId }: ShopScope, id: number) {
      const result = await db.transaction(async (tx) => {
        const offer = await repo.lockOffer(tx, shopId, id);
        if (!offer) throw notFound();
        if (offer.status === "cancelled") throw readOnly();
        if ((await repo.countSalesOfOffer(tx, shopId, id)) > 0) {
          await repo.updateOffer(tx, shopId, id, { status: "cancelled" });
          await recordOfferChange(tx, offer, { status: "cancelled" });
          return { outcome: "cancelled" as const, image: null };
        }
        await repo.deleteOffer(tx, shopId, id);
        await recordOfferChange(tx, offer, { status: "removed" });
        return { outcome: "removed" as const, image: offer.offerImage };
      });
      if (result.image) await removeImage(result.image);
      return result.outcome === "removed"
        ? { message: CATALOGUE_MESSAGES.offerDeleted, outcome: result.outcome }
        : { message: CATALOGUE_MESSAGES.offerCancelled, outcome: result.outcome };
    },

    /** Offers Overview for a period (shop time zone), compared with the window before it. */
    async getStats({ shopId }: ShopScope, period: Period) {
      const { timeZone, today } = await requireShopToday(shopId);
      const range = getPeriodRange(period, now(), timeZone);
      const [current, previous, counts] = await Promise.all([
        repo.sumOfferSalesBetween(db, shopId, range.start, range.end),
        repo.sumOfferSalesBetween(db, shopId, range.previousStart, range.previousEnd),
        repo.countOffersByTiming(db, shopId, today),
      ]);
      return {
        stats: {
          totalRevenue: toDollars(current.revenueCents),
          totalRevenuePercentage: percentChange(current.revenueCents, previous.revenueCents),
          soldOffers: current.soldCount,
          soldOffersPercentage: percentChange(current.soldCount, previous.soldCount),
          activeOffers: counts.active,
          upcomingOffers: counts.upcoming,
          expiredOffers: counts.expired,
        },
      };
    },

    /**
     * The storefront: offers whose dates include the shop's today and that were not deleted.
     * One query reads the shop's zone and the offers running around the UTC date; the shop's
     * own today then picks the exact ones.
     */
    async listAvailableOffers(shopId: number) {
      const instant = now();
      const found = await repo.findShopWithOffersAround(db, shopId, offersWindow(instant));
      if (!found) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
      return { offers: runningToday(found.offers, found.timeZone, instant) };
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
