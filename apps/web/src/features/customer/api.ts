import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  ChangePasswordPayload,
  CustomerDashboard,
  CustomerRedemptionsResponse,
  CustomerTransactionsResponse,
  MessageResponse,
  ProfileValues,
  RedemptionResult,
  UpdateCustomerProfileResponse,
} from "@tessera/shared";
import { customerKeys, invalidateCustomerData } from "@/features/payments";
import { fetchCatalogue } from "@/features/storefront/api";
import { api } from "@/lib/api-client";
import { profileFormData } from "@/lib/profile-form-data";
import { customerQueryDefaults, retryCustomerQuery } from "@/lib/query-client";

/**
 * What the customer area shows of the shop's catalogue. Kept under the customer's keys, so a
 * purchase (which refreshes those) also refreshes limited offers' stock.
 */
export const customerCatalogueKeys = {
  tiers: (shopId: number) => [...customerKeys.shop(shopId), "tiers"] as const,
  offers: (shopId: number) => [...customerKeys.shop(shopId), "offers"] as const,
};

export function shopTiersQueryOptions(shopId: number) {
  return queryOptions({
    queryKey: customerCatalogueKeys.tiers(shopId),
    queryFn: ({ signal }) => fetchCatalogue("memberships", shopId, { signal, withToken: true }),
    staleTime: customerQueryDefaults.staleTime,
    retry: retryCustomerQuery,
  });
}

export function shopOffersQueryOptions(shopId: number) {
  return queryOptions({
    queryKey: customerCatalogueKeys.offers(shopId),
    queryFn: ({ signal }) => fetchCatalogue("offers", shopId, { signal, withToken: true }),
    // Offers start and end by the day and sell out: not fresh for the customer default's 15 min.
    staleTime: 60_000,
    retry: retryCustomerQuery,
  });
}

export function useShopTiers(shopId: number) {
  return useQuery(shopTiersQueryOptions(shopId));
}

export function useShopOffers(shopId: number) {
  return useQuery(shopOffersQueryOptions(shopId));
}

// ---------------------------------------------------------------- redemptions and billing

/** The lists of the Redemptions and Billing tabs, under the customer's keys (live refresh). */
export const customerListKeys = {
  redemptions: (shopId: number, customerId: number, page: number, pageSize: number) =>
    [...customerKeys.shop(shopId), customerId, "redemptions", { page, pageSize }] as const,
  transactions: (shopId: number, customerId: number, page: number, pageSize: number) =>
    [...customerKeys.shop(shopId), customerId, "transactions", { page, pageSize }] as const,
};

type HistoryPage = { shopId: number; customerId: number; page: number; pageSize: number };

/**
 * A page of one of the customer's history lists (newest first), kept on screen while the next
 * page loads.
 */
function historyQueryOptions<Data>(
  list: keyof typeof customerListKeys,
  path: string,
  { shopId, customerId, page, pageSize }: HistoryPage,
) {
  return queryOptions({
    queryKey: customerListKeys[list](shopId, customerId, page, pageSize),
    queryFn: ({ signal }) => api.get<Data>(path, { query: { page, pageSize }, signal }),
    staleTime: customerQueryDefaults.staleTime,
    retry: retryCustomerQuery,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerRedemptions(
  shopId: number,
  customerId: number,
  page: number,
  pageSize: number,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    // GET /customer/redemptions/get-customer-redemptions/{id}?page=&pageSize=
    ...historyQueryOptions<CustomerRedemptionsResponse>(
      "redemptions",
      `/customer/redemptions/get-customer-redemptions/${customerId}`,
      { shopId, customerId, page, pageSize },
    ),
    enabled: options.enabled ?? true,
  });
}

export function useCustomerTransactions(
  shopId: number,
  customerId: number,
  page: number,
  pageSize: number,
) {
  // GET /customer/transactions/get-customer-transactions/{shopId}?page=&pageSize=
  return useQuery(
    historyQueryOptions<CustomerTransactionsResponse>(
      "transactions",
      `/customer/transactions/get-customer-transactions/${shopId}`,
      { shopId, customerId, page, pageSize },
    ),
  );
}

// ---------------------------------------------------------------- redeeming

/**
 * A redeem the customer makes: POST `{path}/{customerId}`, what it redeems (and how much) in the
 * query.
 */
function redemptionRequest<Query extends Record<string, number>>(path: string) {
  return ({ customerId, ...query }: { customerId: number } & Query): Promise<RedemptionResult> =>
    api.post<RedemptionResult>(`${path}/${customerId}`, undefined, { query });
}

/** POST /customer/redemptions/create-redemption/{id}?benefitId= (once per membership month). */
export const redeemBenefit = redemptionRequest<{ benefitId: number }>(
  "/customer/redemptions/create-redemption",
);

/** POST /customer/offers/redeem-offer/{id}?customerOfferId= (once, before it expires). */
export const redeemOffer = redemptionRequest<{ customerOfferId: number }>(
  "/customer/offers/redeem-offer",
);

/** POST /customer/redemptions/create-cashback-redemption/{id}?price= (dollars, cents allowed). */
export const redeemCashback = redemptionRequest<{ price: number }>(
  "/customer/redemptions/create-cashback-redemption",
);

/**
 * A redemption changes the balance, the lists and (offers) the bought offers: the new balance
 * goes into the dashboard at once, then everything the customer has loaded is refetched.
 */
function useRedemptionMutation<Input extends { customerId: number }>(
  shopId: number,
  mutationFn: (input: Input) => Promise<RedemptionResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => {
      queryClient.setQueryData<CustomerDashboard>(
        customerKeys.dashboard(shopId, input.customerId),
        (dashboard) =>
          dashboard ? { ...dashboard, rewardBalance: result.rewardBalance } : dashboard,
      );
      return invalidateCustomerData(queryClient, shopId);
    },
  });
}

export function useRedeemBenefit(shopId: number) {
  return useRedemptionMutation(shopId, redeemBenefit);
}

export function useRedeemOffer(shopId: number) {
  return useRedemptionMutation(shopId, redeemOffer);
}

export function useRedeemCashback(shopId: number) {
  return useRedemptionMutation(shopId, redeemCashback);
}

// ---------------------------------------------------------------- profile

/**
 * PUT /customer/profile/update-customer-profile/{id} (multipart: firstName, lastName,
 * phoneNumber, phoneCountry, profilePicture?).
 */
export function updateCustomerProfile(input: {
  customerId: number;
  values: ProfileValues;
  picture: File | null;
}): Promise<UpdateCustomerProfileResponse> {
  return api.put<UpdateCustomerProfileResponse>(
    `/customer/profile/update-customer-profile/${input.customerId}`,
    profileFormData(input.values, input.picture),
  );
}

export function useUpdateCustomerProfile(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomerProfile,
    onSuccess: ({ customer }, input) => {
      queryClient.setQueryData<CustomerDashboard>(
        customerKeys.dashboard(shopId, input.customerId),
        (dashboard) => (dashboard ? { ...dashboard, customer } : dashboard),
      );
      return invalidateCustomerData(queryClient, shopId);
    },
  });
}

/** PUT /customer/profile/update-password/{id} { currentPassword, newPassword }. */
export function updateCustomerPassword(
  input: { customerId: number } & ChangePasswordPayload,
): Promise<MessageResponse> {
  const { customerId, currentPassword, newPassword } = input;
  return api.put<MessageResponse>(`/customer/profile/update-password/${customerId}`, {
    currentPassword,
    newPassword,
  });
}

export function useUpdateCustomerPassword() {
  return useMutation({ mutationFn: updateCustomerPassword });
}

/** A first password for a customer who joined by code or with Google (no current one). */
export function useSetFirstPassword(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { password: string; confirmPassword: string }) =>
      api.post<{ message: string }>("/customer/auth/set-password", payload),
    // The dashboard's customer now has a password: the profile shows "Update Password".
    onSuccess: () => invalidateCustomerData(queryClient, shopId),
  });
}

export type EmailPreferences = { reminders: boolean };

const emailPreferencesKey = (customerId: number) =>
  ["customer", "email-preferences", customerId] as const;

/** GET /customer/email-preferences/{id}: the optional e-mails (reminders) the customer gets. */
export function useEmailPreferences(customerId: number) {
  return useQuery({
    queryKey: emailPreferencesKey(customerId),
    queryFn: ({ signal }) =>
      api.get<EmailPreferences>(`/customer/email-preferences/${customerId}`, { signal }),
  });
}

/** PUT /customer/email-preferences/{id} { reminders }. */
export function useUpdateEmailPreferences(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailPreferences) =>
      api.put<EmailPreferences>(`/customer/email-preferences/${customerId}`, input),
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesKey(customerId), saved),
  });
}
