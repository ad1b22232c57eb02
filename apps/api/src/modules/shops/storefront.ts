import { ACCESS_MESSAGES, type StorefrontSnapshot } from "@tessera/shared";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { toPublicTierDto } from "../memberships/dto";
import { offersWindow, runningToday } from "../offers/running";
import { toShopDto } from "./dto";
import { findStorefront } from "./storefront-repo";

export type StorefrontReader = (shopId: number) => Promise<StorefrontSnapshot>;

/**
 * Everything the storefront page `/{shopId}` shows, in one statement (storefront-repo.ts), turned
 * into the answer with the same DTOs and the same offer timing as the three separate public reads
 * (get-shop-by-Id, get-active-memberships, get-active-offers), so it cannot drift from them.
 */
export function createStorefrontReader(deps: { db: Database; now: () => Date }): StorefrontReader {
  return async (shopId) => {
    const instant = deps.now();
    const found = await findStorefront(deps.db, shopId, offersWindow(instant));
    // An unknown shop is one 404 (Store Not Found).
    if (!found) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    return {
      shop: toShopDto(found.shop),
      memberships: found.tiers.map(toPublicTierDto),
      offers: runningToday(found.offers, found.shop.timeZone, instant),
    };
  };
}
