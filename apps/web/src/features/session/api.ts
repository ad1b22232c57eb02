import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Shop, User } from "@tessera/shared";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "@/lib/api-client";
import { merchantQueryOptions, useMerchantQuery } from "@/lib/merchant-query";
import { getToken, hasToken, removeToken } from "@/lib/token-storage";

/**
 * The signed-in merchant's read model: who they are (GET /user/get-user) and their shop
 * (GET /shop/get-shop-by-userId), plus where a merchant lands after signing in and logout.
 * Other features use these through this folder's index.
 */

export const MERCHANT_HOME_PATH = "/merchant/dashboard";
export const CREATE_SHOP_PATH = "/create-shop";
export const MERCHANT_PROFILE_PATH = "/merchant/profile";

export const sessionKeys = {
  all: ["session"] as const,
  user: () => [...sessionKeys.all, "user"] as const,
  myShop: () => [...sessionKeys.all, "my-shop"] as const,
};

export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const { user } = await api.get<{ user: User }>("/user/get-user", { signal });
  return user;
}

export async function fetchMyShop(signal?: AbortSignal): Promise<Shop | null> {
  const { shop } = await api.get<{ shop: Shop | null }>("/shop/get-shop-by-userId", { signal });
  return shop ?? null;
}

export function currentUserQueryOptions() {
  return merchantQueryOptions(sessionKeys.user(), fetchCurrentUser);
}

export function myShopQueryOptions() {
  return merchantQueryOptions(sessionKeys.myShop(), fetchMyShop);
}

/** The signed-in merchant (owner or staff). Idle without a merchant session. */
export function useCurrentUser() {
  return useMerchantQuery(currentUserQueryOptions());
}

/** The signed-in merchant's shop, null before the owner creates one. */
export function useMyShop() {
  return useMerchantQuery(myShopQueryOptions());
}

/**
 * Spec §4 "Merchant login success": load the user and the user's shop; with a shop id go to
 * the dashboard, otherwise, or on any failure, to create shop. Null when the session ended on
 * the way (a 401): the API client has already sent the person to the login page.
 */
export async function resolveMerchantLandingPath(
  queryClient: QueryClient,
  knownUser?: User,
): Promise<string | null> {
  try {
    const [, shop] = await Promise.all([
      knownUser
        ? queryClient.setQueryData(sessionKeys.user(), knownUser)
        : queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...myShopQueryOptions(), staleTime: 0 }),
    ]);
    return shop?.id ? MERCHANT_HOME_PATH : CREATE_SHOP_PATH;
  } catch {
    return hasToken() ? CREATE_SHOP_PATH : null;
  }
}

/** Runs the landing logic and navigates; `isLanding` is true meanwhile. */
export function useMerchantLanding() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLanding, setIsLanding] = useState(false);

  const land = useCallback(
    async (knownUser?: User) => {
      setIsLanding(true);
      try {
        const path = await resolveMerchantLandingPath(queryClient, knownUser);
        if (path) navigate(path, { replace: true });
      } finally {
        setIsLanding(false);
      }
    },
    [queryClient, navigate],
  );

  return { land, isLanding };
}

/**
 * Drops what the previous session had loaded: call right after storing a new token, so the
 * new account never sees the old one's cached user or shop.
 */
export function forgetSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: sessionKeys.all });
}

/** POST /auth/logout revokes the token on the server; the browser forgets it either way. */
async function revokeSession(): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    // Sent by hand with auth: false, so an already expired token does not start the
    // "session ended" flow (toast and redirect) in the middle of a logout.
    await api.post("/auth/logout", undefined, {
      auth: false,
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch {
    // Offline or already revoked: nothing more to do than forget it here.
  }
}

/**
 * Logout (spec §4): revoke the token, remove it, clear every cached query, go to `redirectTo`
 * (`/` for merchants, `/{shopId}/login` for customers).
 */
export function useLogout(redirectTo: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => {
      removeToken();
      navigate(redirectTo, { replace: true });
      queryClient.clear();
    },
  });
}

/** POST /auth/resend-verify-email: `{ email }` for a merchant, `{ email, shopId }` for a customer. */
export function resendVerificationEmail(input: {
  email: string;
  shopId?: number;
}): Promise<{ message?: string }> {
  return api.post<{ message?: string }>("/auth/resend-verify-email", input, { auth: false });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
