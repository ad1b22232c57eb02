import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Shop } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";

export const shopKeys = {
  all: ["shops"] as const,
  byId: (shopId: number) => [...shopKeys.all, "by-id", shopId] as const,
};

/** GET /shop/get-shop-by-Id?shopId= (public): 404 "Store Not Found" for an unknown shop. */
export async function fetchShopById(shopId: number, signal?: AbortSignal): Promise<Shop> {
  const { shop } = await api.get<{ shop: Shop }>("/shop/get-shop-by-Id", {
    query: { shopId },
    signal,
    // Public: whoever is signed in (or not) sees the same shop.
    auth: false,
  });
  return shop;
}

export function shopByIdQueryOptions(shopId: number) {
  return queryOptions({
    queryKey: shopKeys.byId(shopId),
    // A shop sign-in page arrives with its shop written into the HTML: main.tsx puts it in the
    // cache before the first render (primeStorefront), so this asks the API only without it.
    queryFn: ({ signal }) => fetchShopById(shopId, signal),
    retry: retryUnlessClientError,
    staleTime: 5 * 60 * 1000,
  });
}

export function useShopById(shopId: number | null) {
  return useQuery({
    ...shopByIdQueryOptions(shopId ?? 0),
    enabled: shopId !== null,
  });
}
