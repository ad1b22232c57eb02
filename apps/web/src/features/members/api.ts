import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CheckoutSession,
  type GetMemberResponse,
  type GetMembersResponse,
  MEMBER_DETAIL_RECENT,
  type Member,
  type MemberPaymentResponse,
  type MerchantPaymentMethod,
  type Redemption,
  type Renewal,
  type Tier,
  type Transaction,
  type UpdateMemberMembershipResponse,
} from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";
import type { MemberFilter } from "./member-status";

/**
 * The merchant's members (spec §2 "Members", §7 "Members" and "Redemptions"). Every change
 * invalidates `memberKeys.all`: the list, the detail page and its panels read from it.
 */

export const memberKeys = {
  all: ["members"] as const,
  lists: () => [...memberKeys.all, "list"] as const,
  list: (params: MemberListParams) => [...memberKeys.lists(), params] as const,
  detail: (id: number) => [...memberKeys.all, "detail", id] as const,
  history: (id: number, list: MemberHistoryList, page: number) =>
    [...memberKeys.detail(id), list, page] as const,
  tiers: () => [...memberKeys.all, "tiers"] as const,
};

export interface MemberListParams {
  filter: MemberFilter;
  search: string;
  page: number;
  pageSize: number;
}

/** GET /member/get-all-members?active|inactive|lastActivity&search&page&pageSize */
export function fetchMembers(
  { filter, search, page, pageSize }: MemberListParams,
  signal?: AbortSignal,
): Promise<GetMembersResponse> {
  return api.get<GetMembersResponse>("/member/get-all-members", {
    query: {
      active: filter === "active" || undefined,
      inactive: filter === "inactive" || undefined,
      lastActivity: filter === "lastActivity" || undefined,
      search: search.trim() || undefined,
      page,
      pageSize,
    },
    signal,
  });
}

export function useMembers(params: MemberListParams) {
  return useQuery({
    queryKey: memberKeys.list(params),
    queryFn: ({ signal }) => fetchMembers(params, signal),
    retry: retryUnlessClientError,
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /member/get-single-member/{id} */
export function memberQueryOptions(id: number) {
  return queryOptions({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<GetMemberResponse>(`/member/get-single-member/${id}`, { signal }),
    retry: retryUnlessClientError,
  });
}

export function useMember(id: number | null) {
  return useQuery({ ...memberQueryOptions(id ?? 0), enabled: id !== null });
}

/** One page of a member's history, as the paginated calls answer it. */
export interface HistoryPage<Row> {
  rows: Row[];
  total: number;
}

/** The detail page's two history lists and the row each holds. */
export interface MemberHistoryRows {
  transactions: Transaction;
  redemptions: Redemption;
}
export type MemberHistoryList = keyof MemberHistoryRows;

/** Where a history list's pages come from; the page and its size are added to the query. */
const HISTORY_REQUESTS: Record<
  MemberHistoryList,
  (id: number) => { path: string; query: Record<string, number> }
> = {
  // GET /member/get-member-transactions/{id}?page&pageSize
  transactions: (id) => ({ path: `/member/get-member-transactions/${id}`, query: {} }),
  // GET /merchant-redemptions/get-customer-redemptions?customerId&page&pageSize
  redemptions: (id) => ({
    path: "/merchant-redemptions/get-customer-redemptions",
    query: { customerId: id },
  }),
};

/**
 * Page `page` of the detail page's Transactions or Redemptions tab, `MEMBER_DETAIL_RECENT` rows
 * a page. Page 1 comes with GET /member/get-single-member (`firstPage`), so only later pages are
 * fetched; while one loads the table keeps the rows it shows (page 1 on the first move). Each
 * list answers its rows under its own name, with the total.
 */
export function useMemberHistoryPage<List extends MemberHistoryList>(
  id: number,
  list: List,
  page: number,
  firstPage: HistoryPage<MemberHistoryRows[List]>,
) {
  return useQuery({
    queryKey: memberKeys.history(id, list, page),
    queryFn: async ({ signal }): Promise<HistoryPage<MemberHistoryRows[List]>> => {
      const { path, query } = HISTORY_REQUESTS[list](id);
      const data = await api.get<Record<List, MemberHistoryRows[List][]> & { total: number }>(
        path,
        { query: { ...query, page, pageSize: MEMBER_DETAIL_RECENT }, signal },
      );
      return { rows: data[list], total: data.total };
    },
    retry: retryUnlessClientError,
    enabled: page > 1,
    placeholderData: (previous) => previous ?? firstPage,
  });
}

/** Published tiers for the plan pickers (GET /memberships/get-all-memberships?active=true). */
export function useActiveTiers() {
  return useQuery({
    queryKey: memberKeys.tiers(),
    queryFn: async ({ signal }) => {
      const { memberships } = await api.get<{ memberships: Tier[] }>(
        "/memberships/get-all-memberships",
        { query: { active: true }, signal },
      );
      return memberships;
    },
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });
}

function useMemberMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useRefreshingMutation(memberKeys.all, mutationFn);
}

/** Refreshes every member screen (after a counter card payment completes). */
export function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
}

export interface CreateMemberInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  phoneCountry?: string | undefined;
  membershipId?: number | undefined;
  planType?: Renewal | undefined;
  paymentType?: MerchantPaymentMethod | undefined;
}

/** POST /member/create-member */
export const useCreateMember = () =>
  useMemberMutation((input: CreateMemberInput) =>
    api.post<{ message: string; member: Member; paymentRequired: boolean }>(
      "/member/create-member",
      input,
    ),
  );

export interface SetPaymentInput {
  paymentType: MerchantPaymentMethod;
  discount: number;
  finalPrice: number;
  membershipId: number;
  planType?: Renewal | undefined;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  phoneCountry: string;
}

/** POST /member/set-payment: Cash completes; Card answers a checkout for the card form. */
export const useSetPayment = () =>
  useMemberMutation((input: SetPaymentInput) =>
    api.post<MemberPaymentResponse>("/member/set-payment", input),
  );

/** PUT /member/update-member */
export const useUpdateMember = () =>
  useMemberMutation(
    (input: {
      userId: number;
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string;
      phoneCountry?: string | undefined;
    }) => api.put<{ message: string; member: Member }>("/member/update-member", input),
  );

/** PUT /member/update-membership (Manage Membership). */
export const useUpdateMembership = () =>
  useMemberMutation(
    (input: {
      userId: number;
      membershipId: number;
      plan?: Renewal | undefined;
      paymentType: MerchantPaymentMethod;
      activeMembershipId?: number | undefined;
      discount?: number;
    }) => api.put<UpdateMemberMembershipResponse>("/member/update-membership", input),
  );

/** POST /member/delete-membership: cancels the member's membership (renewal stops). */
export const useCancelMemberMembership = () =>
  useMemberMutation((input: { customerId: number; membershipId?: number }) =>
    api.post<{ message: string }>("/member/delete-membership", input),
  );

/** PUT /member/update-member-status/{id} */
export const useSetMemberStatus = () =>
  useMemberMutation(({ id, status }: { id: number; status: "active" | "disabled" }) =>
    api.put<{ message: string; member: Member }>(`/member/update-member-status/${id}`, { status }),
  );

/** DELETE /member/delete-member/{id} */
export const useDeleteMember = () =>
  useMemberMutation((id: number) => api.del<{ message: string }>(`/member/delete-member/${id}`));

export type CounterOfferResponse =
  | { outcome: "completed"; message: string }
  | { outcome: "checkout"; data: CheckoutSession };

/** POST /member/purchase-offer/{memberId}: the Offer Price (pay) modal. */
export const usePurchaseOfferForMember = () =>
  useMemberMutation(
    ({
      memberId,
      ...body
    }: {
      memberId: number;
      offerId: number;
      paymentType: MerchantPaymentMethod;
      cashbackUsed: number;
    }) => api.post<CounterOfferResponse>(`/member/purchase-offer/${memberId}`, body),
  );

/** GET /offers/get-all-offers?timeFilter=active: what can be sold at the counter today. */
export function useActiveOffers(enabled: boolean) {
  return useQuery({
    queryKey: [...memberKeys.all, "active-offers"],
    queryFn: async ({ signal }) => {
      const { offers } = await api.get<{
        offers: { id: number; offerName: string; offerPrice: number; offerImage: string }[];
      }>("/offers/get-all-offers", { query: { timeFilter: "active" }, signal });
      return offers;
    },
    retry: retryUnlessClientError,
    enabled,
  });
}

// ---------------------------------------------------------------- counter redemptions

type RedemptionResponse = { message: string };

/** POST /merchant-redemptions/create-redemption?benefitId&customerId */
export const useRedeemBenefit = () =>
  useMemberMutation(({ benefitId, customerId }: { benefitId: number; customerId: number }) =>
    api.post<RedemptionResponse>("/merchant-redemptions/create-redemption", undefined, {
      query: { benefitId, customerId },
    }),
  );

/** POST /merchant-redemptions/create-cashback-redemption?customerId&price (whole dollars). */
export const useRedeemCashback = () =>
  useMemberMutation(({ customerId, price }: { customerId: number; price: number }) =>
    api.post<RedemptionResponse>("/merchant-redemptions/create-cashback-redemption", undefined, {
      query: { customerId, price },
    }),
  );

/** POST /merchant-redemptions/redeem-offer?customerOfferId */
export const useRedeemOffer = () =>
  useMemberMutation(({ customerOfferId }: { customerOfferId: number }) =>
    api.post<RedemptionResponse>("/merchant-redemptions/redeem-offer", undefined, {
      query: { customerOfferId },
    }),
  );
