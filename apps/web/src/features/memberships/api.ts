import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MembershipTierValues, Tier } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { catalogueKeys, useDeleteCatalogueItem, useSaveCatalogueItem } from "@/lib/catalogue-cache";
import { retryUnlessClientError } from "@/lib/query-client";

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

export function membershipsQueryOptions(tab: MembershipTab) {
  return queryOptions({
    queryKey: membershipKeys.list(tab),
    queryFn: ({ signal }) => fetchMemberships(tab, signal),
    retry: retryUnlessClientError,
  });
}

export function useMemberships(tab: MembershipTab) {
  return useQuery(membershipsQueryOptions(tab));
}

/** GET /memberships/get-single-membership?id= */
export async function fetchMembership(id: number, signal?: AbortSignal): Promise<Tier> {
  const { membership } = await api.get<{ membership: Tier }>("/memberships/get-single-membership", {
    query: { id },
    signal,
  });
  return membership;
}

export function membershipQueryOptions(id: number) {
  return queryOptions({
    queryKey: membershipKeys.detail(id),
    queryFn: ({ signal }) => fetchMembership(id, signal),
    retry: retryUnlessClientError,
  });
}

export function useMembership(id: number | null) {
  return useQuery({ ...membershipQueryOptions(id ?? 0), enabled: id !== null });
}

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
