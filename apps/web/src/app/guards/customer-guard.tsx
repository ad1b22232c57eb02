import { useQuery } from "@tanstack/react-query";
import type { Customer } from "@tessera/shared";
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { MERCHANT_HOME_PATH } from "@/features/session";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSessionScope, getSignedInCustomerId, setStoredCustomer } from "@/lib/token-storage";

/**
 * `/{shopId}/customer/*` (inside the shop layout, so the store exists): anonymous visitors, and
 * customers of another shop, go to this shop's login (DOMAIN "Customer flows stay in the
 * shop"); a merchant's session goes to the merchant dashboard. A session that arrived with only
 * a token (Google sign-in) learns who it is first, so the pages find the customer's id.
 */
export function CustomerAreaGuard({ children }: { children?: ReactNode }) {
  const shop = useCurrentShop();
  const location = useLocation();
  const scope = getSessionScope();
  const isCustomer = scope?.kind === "customer" && scope.shopId === String(shop.id);
  const needsIdentity = isCustomer && getSignedInCustomerId(shop.id) === null;
  const me = useQuery({
    queryKey: ["customer", shop.id, "me"],
    queryFn: async ({ signal }) => {
      const { customer } = await api.get<{ customer: Customer }>("/customer/auth/me", { signal });
      return customer;
    },
    enabled: needsIdentity,
    // Who holds this token is asked afresh for each session, never taken from an older one.
    gcTime: 0,
    retry: retryUnlessClientError,
  });
  if (needsIdentity && me.data && String(me.data.shopId) === String(shop.id)) {
    // Stored before the pages render: they read the customer's id from storage.
    setStoredCustomer(me.data);
  }
  if (scope?.kind === "merchant") return <Navigate to={MERCHANT_HOME_PATH} replace />;
  // Signed out (an e-mail's link): the login comes back here afterwards.
  const from = `${location.pathname}${location.search}`;
  if (!isCustomer) return <Navigate to={`/${shop.id}/login`} replace state={{ from }} />;
  if (needsIdentity && getSignedInCustomerId(shop.id) === null) {
    if (me.isError || me.data) return <Navigate to={`/${shop.id}/login`} replace />;
    return <PageLoader />;
  }
  return children ?? <Outlet />;
}
