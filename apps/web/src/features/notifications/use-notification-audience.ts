import { useMemo, useSyncExternalStore } from "react";
import { useCurrentUser } from "@/features/session";
import {
  getSessionScope,
  getSignedInCustomerId,
  getToken,
  hasCustomerSessionFor,
  hasMerchantSession,
} from "@/lib/token-storage";
import { type NotificationAudience, useCustomerIdentity } from "./api";

export interface NotificationAudienceOptions {
  /**
   * Whose notifications. Left out, the session decides (spec §6): the merchant's calls when a
   * merchant user is signed in, otherwise the signed-in customer's.
   */
  audience?: "merchant" | "customer";
  /** The customer's shop; defaults to the shop of the stored customer session. */
  shopId?: number | string;
  /** The customer's id; defaults to the stored customer's. */
  customerId?: number;
}

/** Who the socket announces: `uniqueId` is built from these (spec §7 "Real-time"). */
export interface SignedInIdentity {
  id: number;
  email: string;
}

function subscribeToStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * The stored session token, re-read on every render and when another tab changes it (a logout
 * there removes it here too).
 */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToStorage, getToken, () => null);
}

function merchantAudience(options: NotificationAudienceOptions): boolean {
  if (options.audience === "customer") return false;
  // Only a merchant's token may call merchant endpoints: a customer's would end its session.
  return hasMerchantSession();
}

/**
 * Resolves whose bell this is and who is signed in. `audience` is null while nobody is (or the
 * merchant user is still loading); `identity` is null until the signed-in user is known.
 */
export function useNotificationAudience(options: NotificationAudienceOptions = {}): {
  audience: NotificationAudience | null;
  identity: SignedInIdentity | null;
  token: string | null;
} {
  const token = useStoredToken();
  const isMerchant = token !== null && merchantAudience(options);
  const user = useCurrentUser();
  const merchantUser = isMerchant ? user.data : undefined;

  let customerShopId: number | null = null;
  let customerId: number | null = null;
  if (token !== null && !isMerchant && options.audience !== "merchant") {
    const scope = getSessionScope();
    const shop = options.shopId ?? (scope?.kind === "customer" ? scope.shopId : null);
    // Only this shop's customer token may call the customer endpoints.
    if (shop !== null && hasCustomerSessionFor(shop)) {
      customerShopId = Number(shop);
      customerId = options.customerId ?? getSignedInCustomerId(shop);
    }
  }

  const merchantUserId = merchantUser?.id ?? null;
  const audience = useMemo<NotificationAudience | null>(() => {
    if (merchantUserId !== null) return { kind: "merchant", userId: merchantUserId };
    if (customerShopId !== null && customerId !== null && Number.isFinite(customerShopId)) {
      return { kind: "customer", shopId: customerShopId, customerId };
    }
    return null;
  }, [merchantUserId, customerShopId, customerId]);

  const customer = useCustomerIdentity(audience);
  // The record must be the stored customer's own, never one left from another session.
  const signedInCustomer =
    audience?.kind === "customer" && customer.data?.id === audience.customerId
      ? customer.data
      : undefined;
  const identityId = merchantUser?.id ?? signedInCustomer?.id ?? null;
  const identityEmail = merchantUser?.email ?? signedInCustomer?.email ?? null;
  const identity = useMemo<SignedInIdentity | null>(
    () =>
      identityId !== null && identityEmail !== null
        ? { id: identityId, email: identityEmail }
        : null,
    [identityId, identityEmail],
  );

  return { audience, identity, token };
}
