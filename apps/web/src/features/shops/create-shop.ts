import { type QueryClient, useMutation } from "@tanstack/react-query";
import { type Industry, type Shop, sanitizeFileName } from "@tessera/shared";
import { sessionKeys } from "@/features/session";
import { api } from "@/lib/api-client";
import { shopKeys } from "./api";

// Apart from the shop reads (./api), which every shop page loads with the app: creating a shop
// is the merchant area's, and its chunk brings these.

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
