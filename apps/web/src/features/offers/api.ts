import { type Offer, type OfferTab, type OfferValues, sanitizeFileName } from "@tessera/shared";
import { api } from "@/lib/api-client";
import {
  catalogueKeys,
  catalogueQueries,
  useDeleteCatalogueItem,
  useSaveCatalogueItem,
} from "@/lib/catalogue-cache";

export const offerKeys = catalogueKeys<OfferTab, "offers">("offers");

/** GET /offers/get-all-offers?timeFilter=upcoming|active|expired */
export async function fetchOffers(tab: OfferTab, signal?: AbortSignal): Promise<Offer[]> {
  const { offers } = await api.get<{ offers: Offer[] }>("/offers/get-all-offers", {
    query: { timeFilter: tab },
    signal,
  });
  return offers;
}

/** GET /offers/get-single-offer?id= */
export async function fetchOffer(id: number, signal?: AbortSignal): Promise<Offer> {
  const { offer } = await api.get<{ offer: Offer }>("/offers/get-single-offer", {
    query: { id },
    signal,
  });
  return offer;
}

const offerQueries = catalogueQueries(offerKeys, fetchOffers, fetchOffer);
export const useOffers = offerQueries.useList;
export const useOffer = offerQueries.useOne;

export type SaveOfferInput = { values: OfferValues; image: File | null; id?: number };
type SaveOfferResponse = { message: string; offer: Offer };

/** The multipart body of create-offer and update-offer-by-id (spec §7). */
export function buildOfferForm({ values, image, id }: SaveOfferInput): FormData {
  const form = new FormData();
  if (id !== undefined) form.append("id", String(id));
  form.append("offerName", values.offerName);
  form.append("description", values.description);
  if (values.redemptionInstructions) {
    form.append("redemptionInstructions", values.redemptionInstructions);
  }
  form.append("offerPrice", String(values.offerPrice));
  // Create sends the original price only when filled; update sends "" to clear it.
  if (values.originalPrice !== null) form.append("originalPrice", String(values.originalPrice));
  else if (id !== undefined) form.append("originalPrice", "");
  form.append("isLimited", String(values.isLimited));
  form.append("quantity", String(values.quantity));
  form.append("isLimitedPerUser", String(values.isLimitedPerUser));
  form.append("limitPerUser", String(values.limitPerUser));
  form.append("hasValidity", String(values.hasValidity));
  form.append("validityDays", String(values.validityDays));
  form.append("startDate", values.startDate);
  form.append("endDate", values.endDate);
  if (image) form.append("offerImage", image, sanitizeFileName(image.name));
  return form;
}

/** POST /offers/create-offer, or PUT /offers/update-offer-by-id when `id` is given. */
export function saveOffer(input: SaveOfferInput): Promise<SaveOfferResponse> {
  const form = buildOfferForm(input);
  return input.id === undefined
    ? api.post<SaveOfferResponse>("/offers/create-offer", form)
    : api.put<SaveOfferResponse>("/offers/update-offer-by-id", form);
}

export function useSaveOffer() {
  return useSaveCatalogueItem(offerKeys, saveOffer, ({ offer }) => offer);
}

/** DELETE /offers/delete-offer-by-id?id= */
export function deleteOffer(id: number) {
  return api.del<{ message: string; outcome: "removed" | "cancelled" }>(
    "/offers/delete-offer-by-id",
    undefined,
    { query: { id } },
  );
}

export function useDeleteOffer() {
  return useDeleteCatalogueItem(offerKeys, deleteOffer);
}
