import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type CheckoutSession,
  type CustomerDashboard,
  type CustomerMembership,
  FRESH_CODE_HEADER,
  type NextRenewalMembership,
  type PaymentAccount,
  type PurchaseOfferResponse,
  type PurchaseResult,
  type Renewal,
} from "@tessera/shared";
import { api } from "@/lib/api-client";
import { merchantQueryOptions, useMerchantQuery } from "@/lib/merchant-query";
import { customerQueryDefaults, retryCustomerQuery } from "@/lib/query-client";

/**
 * Card payments and what they change (spec §4 "Payment", §7 "Card payment provider"): the
 * customer's dashboard read model, checkout intentions and completion, membership renewal and
 * cancellation, offer purchase, and the merchant's payment onboarding. Other features use these
 * through this folder's index.
 */

export const customerKeys = {
  /** Everything a customer of this shop has loaded: purchases change several of these. */
  shop: (shopId: number) => ["customer", shopId] as const,
  dashboard: (shopId: number, customerId: number) =>
    [...customerKeys.shop(shopId), customerId, "dashboard"] as const,
};

export const paymentKeys = {
  all: ["payments"] as const,
  account: () => [...paymentKeys.all, "account"] as const,
};

/** A purchase, renewal or cancellation changed the wallet, the membership and the offer lists. */
export function invalidateCustomerData(queryClient: QueryClient, shopId: number) {
  return queryClient.invalidateQueries({ queryKey: customerKeys.shop(shopId) });
}

/**
 * A customer's payment, purchase or membership change: once it succeeds, the shop's customer
 * data is loaded again, unless `changedData` says this outcome changed nothing yet.
 */
function useCustomerChange<Input, Result>(
  shopId: number,
  mutationFn: (input: Input) => Promise<Result>,
  changedData: (result: Result) => boolean = () => true,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) =>
      changedData(result) ? invalidateCustomerData(queryClient, shopId) : undefined,
  });
}

// ---------------------------------------------------------------- customer dashboard

/** GET /customer/profile/get-customer/{id} (spec §3 "Customer dashboard data"). */
export function fetchCustomerDashboard(
  customerId: number,
  signal?: AbortSignal,
): Promise<CustomerDashboard> {
  return api.get<CustomerDashboard>(`/customer/profile/get-customer/${customerId}`, { signal });
}

export function customerDashboardQueryOptions(shopId: number, customerId: number) {
  return queryOptions({
    queryKey: customerKeys.dashboard(shopId, customerId),
    queryFn: ({ signal }) => fetchCustomerDashboard(customerId, signal),
    staleTime: customerQueryDefaults.staleTime,
    retry: retryCustomerQuery,
  });
}

/** Idle without a customer id (no customer session at this shop). */
export function useCustomerDashboard(shopId: number, customerId: number | null) {
  return useQuery({
    ...customerDashboardQueryOptions(shopId, customerId ?? 0),
    enabled: customerId !== null,
  });
}

// ---------------------------------------------------------------- checkout

/** What a checkout pays for: a tier, or an offer with part of its price in cashback. */
export type CheckoutItem =
  | { type: "membership"; membershipId: number }
  | { type: "offer"; offerId: number; cashbackUsed?: number };

export type IntentionInput = CheckoutItem & {
  /** The amount the screen shows; the server recomputes what is due. */
  amount: number;
  shopId: number;
  customerId: number;
};

/** POST /fortis/elements/transaction/intention */
export async function createIntention(input: IntentionInput): Promise<CheckoutSession> {
  const { data } = await api.post<{ data: CheckoutSession }>(
    "/fortis/elements/transaction/intention",
    input,
  );
  return data;
}

/**
 * Who completes a card checkout: the customer online (POST /fortis/elements/transaction/complete)
 * or the merchant at the counter (POST /member/payments/complete, a `pos` payment).
 */
export type CheckoutCompletion = "customer" | "counter";

const COMPLETE_PATHS: Record<CheckoutCompletion, string> = {
  customer: "/fortis/elements/transaction/complete",
  counter: "/member/payments/complete",
};

/** The form's "done", checked by the server. */
export function completeCheckout(
  input: { checkoutId: string; transactionId: string },
  completion: CheckoutCompletion = "customer",
): Promise<PurchaseResult> {
  return api.post<PurchaseResult>(COMPLETE_PATHS[completion], input);
}

/**
 * POST /customer/memberships/{id}/pay-renewal: a checkout for the membership's unpaid renewal
 * (after a declined card), at the renewal's price; the form completes it like any checkout.
 */
export async function payOverdueRenewal(membershipId: number): Promise<CheckoutSession> {
  const { data } = await api.post<{ data: CheckoutSession }>(
    `/customer/memberships/${membershipId}/pay-renewal`,
  );
  return data;
}

export function useCreateIntention() {
  return useMutation({ mutationFn: createIntention });
}

export function useCompleteCheckout(shopId: number, completion: CheckoutCompletion = "customer") {
  return useCustomerChange(
    shopId,
    (input: { checkoutId: string; transactionId: string }) => completeCheckout(input, completion),
    // A counter payment changes the merchant's member screens; their caller refreshes them.
    () => completion === "customer",
  );
}

// ---------------------------------------------------------------- memberships

export interface ScheduleInput {
  customerId: number;
  transactionAmount: number;
  membershipId: number;
  plan: Renewal;
  shopId: number;
  name: string;
}

export interface ScheduleResponse {
  message: string;
  membership: CustomerMembership;
  nextRenewalMembership: NextRenewalMembership | null;
}

/** POST /fortis/membership/schedule: the tier the membership renews on next (no payment now). */
export function scheduleMembership(input: ScheduleInput): Promise<ScheduleResponse> {
  return api.post<ScheduleResponse>("/fortis/membership/schedule", input);
}

export function useScheduleMembership(shopId: number) {
  return useCustomerChange(shopId, scheduleMembership);
}

export interface CancelResponse {
  message: string;
  membership: CustomerMembership;
}

/** A membership paid by card renews through the provider, so the provider stops it. */
export function isCardMembership(membership: Pick<CustomerMembership, "paymentType">): boolean {
  return membership.paymentType === "online" || membership.paymentType === "pos";
}

/**
 * Cancels renewal (spec §7): POST /fortis/membership/cancel for a card membership, else
 * PUT /customer/memberships/cancel-customer-membership/{customerId}. `membershipId` names the
 * customer's membership (its `id`), not the tier.
 */
export function cancelMembership(input: {
  membership: Pick<CustomerMembership, "id" | "paymentType">;
  shopId: number;
  customerId: number;
}): Promise<CancelResponse> {
  const { membership, shopId, customerId } = input;
  const membershipId = membership.id;
  return isCardMembership(membership)
    ? api.post<CancelResponse>("/fortis/membership/cancel", { membershipId, shopId, customerId })
    : api.put<CancelResponse>(`/customer/memberships/cancel-customer-membership/${customerId}`, {
        membershipId,
        shopId,
      });
}

export function useCancelMembership(shopId: number) {
  return useCustomerChange(shopId, cancelMembership);
}

// ---------------------------------------------------------------- offers

/**
 * POST /customer/offers/purchase-offer/{customerId}: completed at once when cashback covers
 * the price, otherwise a checkout session for the card part.
 */
export function purchaseOffer(input: {
  customerId: number;
  offerId: number;
  cashbackUsed: number;
}): Promise<PurchaseOfferResponse> {
  const { customerId, offerId, cashbackUsed } = input;
  return api.post<PurchaseOfferResponse>(`/customer/offers/purchase-offer/${customerId}`, {
    offerId,
    cashbackUsed,
  });
}

export function usePurchaseOffer(shopId: number) {
  // A purchase with a card part completes at checkout, which refreshes the data then.
  return useCustomerChange(shopId, purchaseOffer, (response) => response.outcome === "completed");
}

// ---------------------------------------------------------------- merchant onboarding

/** GET /fortis/onboarding: whether the merchant's shop takes card payments. */
export async function fetchPaymentAccount(signal?: AbortSignal): Promise<PaymentAccount> {
  const { account } = await api.get<{ account: PaymentAccount }>("/fortis/onboarding", { signal });
  return account;
}

export function paymentAccountQueryOptions() {
  return merchantQueryOptions(paymentKeys.account(), fetchPaymentAccount);
}

export function usePaymentAccount() {
  return useMerchantQuery(paymentAccountQueryOptions());
}

/**
 * POST /fortis/onboarding (owner): where the merchant continues on the provider's pages.
 */
export function startOnboarding(
  freshCode?: string,
): Promise<{ message: string; app_link: string }> {
  // With two-factor sign-in on, payment settings ask for a current code (docs/security.md).
  return api.post<{ message: string; app_link: string }>("/fortis/onboarding", undefined, {
    headers: freshCode ? { [FRESH_CODE_HEADER]: freshCode } : {},
  });
}

export function useStartOnboarding() {
  return useMutation({ mutationFn: startOnboarding });
}
