import {
  getOfferTiming,
  type Offer as OfferDto,
  type PublicOffer,
  toDollars,
} from "@tessera/shared";
import type { Offer } from "../../db/schema";
import type { OfferSales, StorefrontOffer } from "./repo";

export function toPublicOfferDto(offer: Offer | StorefrontOffer): PublicOffer {
  return {
    id: offer.id,
    offerName: offer.offerName,
    description: offer.description,
    redemptionInstructions: offer.redemptionInstructions,
    originalPrice: offer.originalPriceCents === null ? null : toDollars(offer.originalPriceCents),
    offerPrice: toDollars(offer.offerPriceCents),
    isLimited: offer.isLimited,
    quantity: offer.quantity,
    isLimitedPerUser: offer.isLimitedPerUser,
    limitPerUser: offer.limitPerUser,
    hasValidity: offer.hasValidity,
    validityDays: offer.validityDays,
    startDate: offer.startDate,
    endDate: offer.endDate,
    offerImage: offer.offerImage,
  };
}

const NO_SALES: OfferSales = { soldCount: 0, purchaseCount: 0, revenueCents: 0 };

/** The merchant's view; `today` is the shop's calendar day, for the offer's timing. */
export function toOfferDto(offer: Offer, today: string, sales: OfferSales = NO_SALES): OfferDto {
  return {
    ...toPublicOfferDto(offer),
    shopId: offer.shopId,
    status: offer.status,
    timing: getOfferTiming(offer, today),
    soldCount: sales.soldCount,
    purchaseCount: sales.purchaseCount,
    totalRevenue: toDollars(sales.revenueCents),
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
  };
}
