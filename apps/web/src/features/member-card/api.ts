import type { MemberCard, MemberCardLookupResponse } from "@tessera/shared";
import { customerKeys } from "@/features/payments";
import { api } from "@/lib/api-client";

/**
 * Under the customer's keys, so a purchase or a redemption (which refresh those) refreshes the
 * balance on the card too.
 */
export const memberCardKeys = {
  card: (shopId: number, customerId: number) =>
    [...customerKeys.shop(shopId), customerId, "member-card"] as const,
};

/** GET /customer/member-card/{id}: the card with its code, QR address, tier and balance. */
export async function fetchMemberCard(customerId: number, signal?: AbortSignal) {
  const { card } = await api.get<{ card: MemberCard }>(`/customer/member-card/${customerId}`, {
    signal,
  });
  return card;
}

/** POST /customer/member-card/rotate/{id}: a new code; the old one stops working at once. */
export function rotateMemberCard(customerId: number) {
  return api.post<{ message: string; card: MemberCard }>(
    `/customer/member-card/rotate/${customerId}`,
  );
}

/** POST /member/find-by-card: the member a scanned or typed card names, in this shop. */
export function findMemberByCard(code: string, signal?: AbortSignal) {
  return api.post<MemberCardLookupResponse>("/member/find-by-card", { code }, { signal });
}

/** The full-screen card, over the customer area. */
export function memberCardPath(shopId: number) {
  return `/${shopId}/customer/card`;
}
