import type { StorefrontSnapshot } from "@tessera/shared";
import type { MembershipsService } from "../memberships/service";
import type { OffersService } from "../offers/service";
import type { ShopsService } from "./service";

export type StorefrontReader = (shopId: number) => Promise<StorefrontSnapshot>;

/**
 * Everything the storefront page `/{shopId}` shows, from the services behind the three separate
 * public reads, so the combined read (and the server-rendered head) cannot drift from them.
 */
export function createStorefrontReader(deps: {
  shops: ShopsService;
  memberships: MembershipsService;
  offers: OffersService;
}): StorefrontReader {
  return async (shopId) => {
    // The shop first: an unknown id is one 404 (Store Not Found), not three queries racing.
    const { shop } = await deps.shops.getShop(shopId);
    const [tiers, current] = await Promise.all([
      deps.memberships.listPublishedMemberships(shopId),
      deps.offers.listAvailableOffers(shopId),
    ]);
    return { shop, memberships: tiers.memberships, offers: current.offers };
  };
}
