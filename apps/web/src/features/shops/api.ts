import { type QueryClient, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { type Industry, type Shop, sanitizeFileName } from "@tessera/shared";
import { sessionKeys } from "@/features/session";
import { api } from "@/lib/api-client";
import { takeInlineSnapshot } from "@/lib/page-data";
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
    // A shop sign-in page arrives with its shop written into the HTML.
    queryFn: ({ signal }) => takeInlineSnapshot(shopId)?.shop ?? fetchShopById(shopId, signal),
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

export interface CreateShopInput {
  name: string;
  industry?: Industry;
  logo: File;
  banner: File;
}

/** POST /shop/create-shop (multipart: name, industry, logo, banner) → 201 { message, shop }. */
export function createShop(input: CreateShopInput): Promise<{ message?: string; shop: Shop }> {
  const form = new FormData();
  form.append("name", input.name);
  if (input.industry) form.append("industry", input.industry);
  form.append("logo", input.logo, sanitizeFileName(input.logo.name));
  form.append("banner", input.banner, sanitizeFileName(input.banner.name));
  return api.post<{ message?: string; shop: Shop }>("/shop/create-shop", form);
}

/**
 * After a shop is created: the session's shop (and the user's shopId) change. Called by the
 * page after it has navigated away, so the create-shop guard does not first redirect the
 * owner (who now has a shop) to the dashboard.
 */
export function rememberCreatedShop(queryClient: QueryClient, shop: Shop): void {
  queryClient.setQueryData(sessionKeys.myShop(), shop);
  queryClient.setQueryData(shopKeys.byId(shop.id), shop);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
}

export function useCreateShop() {
  return useMutation({ mutationFn: createShop });
}
