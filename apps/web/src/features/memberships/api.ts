import type { MembershipTierValues, Tier } from "@tessera/shared";
import { api } from "@/lib/api-client";
import {
  catalogueKeys,
  catalogueQueries,
  useDeleteCatalogueItem,
  useSaveCatalogueItem,
} from "@/lib/catalogue-cache";

/** The Memberships page tabs: published tiers, and archived ones (inactive and deleted). */
export type MembershipTab = "active" | "archived";

export const membershipKeys = catalogueKeys<MembershipTab, "memberships">("memberships");

/** GET /memberships/get-all-memberships?active=true | ?inactive=true */
export async function fetchMemberships(tab: MembershipTab, signal?: AbortSignal): Promise<Tier[]> {
  const { memberships } = await api.get<{ memberships: Tier[] }>(
    "/memberships/get-all-memberships",
    { query: tab === "active" ? { active: true } : { inactive: true }, signal },
  );
  return memberships;
}

/** GET /memberships/get-single-membership?id= */
export async function fetchMembership(id: number, signal?: AbortSignal): Promise<Tier> {
  const { membership } = await api.get<{ membership: Tier }>("/memberships/get-single-membership", {
    query: { id },
    signal,
  });
  return membership;
}

const membershipQueries = catalogueQueries(membershipKeys, fetchMemberships, fetchMembership);
export const useMemberships = membershipQueries.useList;
export const useMembership = membershipQueries.useOne;

type SaveResponse = { message: string; membership: Tier };

/** POST /memberships/create-membership, or PUT /memberships/update-membership-by-id with `id`. */
export function saveMembership(
  values: MembershipTierValues & { id?: number },
): Promise<SaveResponse> {
  return values.id === undefined
    ? api.post<SaveResponse>("/memberships/create-membership", values)
    : api.put<SaveResponse>("/memberships/update-membership-by-id", values);
}

export function useSaveMembership() {
  return useSaveCatalogueItem(membershipKeys, saveMembership, ({ membership }) => membership);
}

/** DELETE /memberships/delete-membership-by-id?id= */
export function deleteMembership(id: number) {
  return api.del<{ message: string; outcome: "removed" | "archived" }>(
    "/memberships/delete-membership-by-id",
    undefined,
    { query: { id } },
  );
}

export function useDeleteMembership() {
  return useDeleteCatalogueItem(membershipKeys, deleteMembership);
}
