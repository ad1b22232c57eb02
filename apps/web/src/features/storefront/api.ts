import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicOffer, PublicTier } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";

/** The public storefront reads (no token): a shop's published tiers and its current offers. */
export const storefrontKeys = {
  all: ["storefront"] as const,
  memberships: (shopId: number) => [...storefrontKeys.all, shopId, "memberships"] as const,
  offers: (shopId: number) => [...storefrontKeys.all, shopId, "offers"] as const,
};

/** GET /customer/memberships/get-active-memberships?shopId= */
export async function fetchActiveMemberships(
  shopId: number,
  signal?: AbortSignal,
): Promise<PublicTier[]> {
  const { memberships } = await api.get<{ memberships: PublicTier[] }>(
    "/customer/memberships/get-active-memberships",
    { query: { shopId }, signal, auth: false },
  );
  return memberships;
}

/** GET /customer/offers/get-active-offers?shopId=: offers whose dates include today. */
export async function fetchActiveOffers(
  shopId: number,
  signal?: AbortSignal,
): Promise<PublicOffer[]> {
  const { offers } = await api.get<{ offers: PublicOffer[] }>(
    "/customer/offers/get-active-offers",
    {
      query: { shopId },
      signal,
      auth: false,
    },
  );
  return offers;
}

export function activeMembershipsQueryOptions(shopId: number) {
  return queryOptions({
    queryKey: storefrontKeys.memberships(shopId),
    queryFn: ({ signal }) => fetchActiveMemberships(shopId, signal),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });
}

export function activeOffersQueryOptions(shopId: number) {
  return queryOptions({
    queryKey: storefrontKeys.offers(shopId),
    queryFn: ({ signal }) => fetchActiveOffers(shopId, signal),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });
}

export function useActiveMemberships(shopId: number) {
  return useQuery(activeMembershipsQueryOptions(shopId));
}

export function useActiveOffers(shopId: number) {
  return useQuery(activeOffersQueryOptions(shopId));
}
