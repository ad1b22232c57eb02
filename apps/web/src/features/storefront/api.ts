import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PublicOffer,
  type PublicTier,
  parseIdText,
  type StorefrontSnapshot,
} from "@tessera/shared";
import { shopKeys } from "@/features/shops/api";
import { api } from "@/lib/api-client";
import { takeInlineSnapshot } from "@/lib/page-data";
import { retryUnlessClientError } from "@/lib/query-client";

/** The public storefront reads (no token): a shop's published tiers and its current offers. */
export const storefrontKeys = {
  all: ["storefront"] as const,
  memberships: (shopId: number) => [...storefrontKeys.all, shopId, "memberships"] as const,
  offers: (shopId: number) => [...storefrontKeys.all, shopId, "offers"] as const,
  snapshot: (shopId: number) => [...storefrontKeys.all, shopId, "snapshot"] as const,
};

/** GET /storefront?shopId=: the shop, its published tiers and today's offers in one read. */
export function fetchStorefront(shopId: number, signal?: AbortSignal): Promise<StorefrontSnapshot> {
  return api.get<StorefrontSnapshot>("/storefront", { query: { shopId }, signal, auth: false });
}

/** Writes a storefront read under the keys of the separate reads too, and returns it. */
function storeSnapshot(client: QueryClient, shopId: number, snapshot: StorefrontSnapshot) {
  client.setQueryData(shopKeys.byId(shopId), snapshot.shop);
  client.setQueryData(storefrontKeys.memberships(shopId), snapshot.memberships);
  client.setQueryData(storefrontKeys.offers(shopId), snapshot.offers);
  return snapshot;
}

/**
 * The storefront page's one round trip. Its parts are written under the keys of the separate
 * reads, so the layout, the catalogue tabs and later pages (login, preview) find them cached
 * instead of asking again.
 */
export function storefrontQueryOptions(client: QueryClient, shopId: number) {
  return queryOptions({
    queryKey: storefrontKeys.snapshot(shopId),
    // No abort signal on purpose: on a first load the browser showed the first request aborted
    // and a second one sent a millisecond later (the layout's observer leaving and coming back
    // while the lazy routes settle; a consumed signal makes the query cancel on the way out).
    // Unsignalled, the returning observer joins the request in flight.
    queryFn: async () => storeSnapshot(client, shopId, await fetchStorefront(shopId)),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });
}

/**
 * Before the first render (main.tsx): the storefront read the server wrote into the page of
 * `/{shopId}` and `/{shopId}/login` goes into the cache, so the page renders with its shop at
 * once, in the router's first (interruptible) render, rather than after a loading state and a
 * second, blocking render when a query settles.
 */
export function primeStorefront(client: QueryClient, pathname: string): void {
  const shopId = parseIdText(pathname.split("/")[1] ?? "");
  const snapshot = shopId === null ? null : takeInlineSnapshot(shopId);
  if (shopId !== null && snapshot) {
    client.setQueryData(storefrontKeys.snapshot(shopId), storeSnapshot(client, shopId, snapshot));
  }
}

/** The shop of the storefront page, read with its catalogue; disabled when `shopId` is null. */
export function useStorefrontShop(shopId: number | null) {
  const client = useQueryClient();
  return useQuery({
    ...storefrontQueryOptions(client, shopId ?? 0),
    enabled: shopId !== null,
    select: (snapshot) => snapshot.shop,
  });
}

/**
 * The catalogue reads are public: the storefront sends no token. The customer area reads the
 * same lists and sends the signed-in customer's token (`withToken`), as its other calls do.
 */
type CatalogueRead = { signal?: AbortSignal; withToken?: boolean };

/** Where each catalogue list is read (GET …?shopId=), and what it holds. */
const CATALOGUE_PATHS = {
  /** The shop's published tiers. */
  memberships: "/customer/memberships/get-active-memberships",
  /** Offers whose dates include today. */
  offers: "/customer/offers/get-active-offers",
} as const;

type Catalogue = { memberships: PublicTier[]; offers: PublicOffer[] };
export type CatalogueList = keyof Catalogue;

/** One of the shop's catalogue lists: its published tiers or its current offers. */
export async function fetchCatalogue<List extends CatalogueList>(
  list: List,
  shopId: number,
  { signal, withToken = false }: CatalogueRead = {},
): Promise<Catalogue[List]> {
  const body = await api.get<Pick<Catalogue, List>>(CATALOGUE_PATHS[list], {
    query: { shopId },
    signal,
    auth: withToken,
  });
  return body[list];
}

function catalogueQueryOptions<List extends CatalogueList>(list: List, shopId: number) {
  return queryOptions({
    queryKey: storefrontKeys[list](shopId),
    queryFn: ({ signal }) => fetchCatalogue(list, shopId, { signal }),
    retry: retryUnlessClientError,
    staleTime: 30_000,
  });
}

/** A catalogue list as the storefront's tabs show it (public, cached with the storefront read). */
export function useCatalogue<List extends CatalogueList>(list: List, shopId: number) {
  return useQuery(catalogueQueryOptions(list, shopId));
}
