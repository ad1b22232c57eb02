import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicOffer, PublicTier } from "@tessera/shared";
import { customerKeys } from "@/features/payments";
import { api } from "@/lib/api-client";
import { customerQueryDefaults, retryCustomerQuery } from "@/lib/query-client";

/**
 * What the customer area shows of the shop's catalogue. Kept under the customer's keys, so a
 * purchase (which refreshes those) also refreshes limited offers' stock.
 */
export const customerCatalogueKeys = {
  tiers: (shopId: number) => [...customerKeys.shop(shopId), "tiers"] as const,
  offers: (shopId: number) => [...customerKeys.shop(shopId), "offers"] as const,
};

/** GET /customer/memberships/get-active-memberships?shopId=: the shop's published tiers. */
export async function fetchShopTiers(shopId: number, signal?: AbortSignal): Promise<PublicTier[]> {
  const { memberships } = await api.get<{ memberships: PublicTier[] }>(
    "/customer/memberships/get-active-memberships",
    { query: { shopId }, signal },
  );
  return memberships;
}

/** GET /customer/offers/get-active-offers?shopId=: the offers on sale today. */
export async function fetchShopOffers(
  shopId: number,
  signal?: AbortSignal,
): Promise<PublicOffer[]> {
  const { offers } = await api.get<{ offers: PublicOffer[] }>(
    "/customer/offers/get-active-offers",
    {
      query: { shopId },
      signal,
    },
  );
  return offers;
}

export function shopTiersQueryOptions(shopId: number) {
  return queryOptions({
    queryKey: customerCatalogueKeys.tiers(shopId),
    queryFn: ({ signal }) => fetchShopTiers(shopId, signal),
    staleTime: customerQueryDefaults.staleTime,
    retry: retryCustomerQuery,
  });
}

export function shopOffersQueryOptions(shopId: number) {
  return queryOptions({
    queryKey: customerCatalogueKeys.offers(shopId),
    queryFn: ({ signal }) => fetchShopOffers(shopId, signal),
    // Offers start and end by the day and sell out: not fresh for the customer default's 15 min.
    staleTime: 60_000,
    retry: retryCustomerQuery,
  });
}

export function useShopTiers(shopId: number) {
  return useQuery(shopTiersQueryOptions(shopId));
}

export function useShopOffers(shopId: number) {
  return useQuery(shopOffersQueryOptions(shopId));
}
