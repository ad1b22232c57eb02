import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { MERCHANT_HOME_PATH } from "@/features/session";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSessionScope } from "@/lib/token-storage";

/**
 * `/{shopId}/customer/*` (inside the shop layout, so the store exists): anonymous visitors, and
 * customers of another shop, go to this shop's login (DOMAIN "Customer flows stay in the
 * shop"); a merchant's session goes to the merchant dashboard.
 */
export function CustomerAreaGuard({ children }: { children?: ReactNode }) {
  const shop = useCurrentShop();
  const scope = getSessionScope();
  if (scope?.kind === "merchant") return <Navigate to={MERCHANT_HOME_PATH} replace />;
  if (scope?.kind !== "customer" || scope.shopId !== String(shop.id)) {
    return <Navigate to={`/${shop.id}/login`} replace />;
  }
  return children ?? <Outlet />;
}
