import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { ErrorState } from "@/components/ui";
import { DASHBOARD_PATH, prefetchDashboard } from "@/features/dashboard";
import {
  CREATE_SHOP_PATH,
  currentUserQueryOptions,
  MERCHANT_HOME_PATH,
  useMyShop,
} from "@/features/session";
import { LogoutButton } from "@/features/shops/components/logout-button";
import { getErrorContent } from "@/lib/notify";
import {
  brandingStyle,
  CurrentShopProvider,
  readMerchantBranding,
  rememberMerchantBranding,
  useDocumentBranding,
} from "@/lib/shop-branding";
import { hasMerchantSession } from "@/lib/token-storage";

/** The shop did not load: the server's message, Retry, and Logout as the way out. */
function ShopLoadError({
  query,
}: {
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4">
      <ErrorState
        title="We could not load your shop"
        message={getErrorContent(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
      <LogoutButton />
    </main>
  );
}

/** The dashboard, its modal over it, or `/merchant`, which leads to it. */
function opensDashboard(pathname: string): boolean {
  return /^\/merchant\/?$/.test(pathname) || pathname.startsWith(DASHBOARD_PATH);
}

/**
 * On the area's first mount, the reads its first page needs start next to the shop's instead
 * of after it: the layout's user, and on the dashboard its figures and chart. Later visits
 * are the pages' own.
 */
function useEarlyReads(isMerchant: boolean) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (!isMerchant) return;
    void queryClient.prefetchQuery(currentUserQueryOptions());
    if (opensDashboard(firstPath.current)) prefetchDashboard(queryClient);
  }, [isMerchant, queryClient]);
}

/**
 * The merchant area's protected-route guard: no merchant session → `/`; signed in but no
 * shop yet → `/create-shop`. A 401 on the way is the API client's (session ends → `/`).
 * The merchant's shop is provided to the pages as the current shop.
 */
export function MerchantAreaGuard({ children }: { children?: ReactNode }) {
  const isMerchant = hasMerchantSession();
  const shop = useMyShop();
  // A reload paints in the last shop's branding until the shop answers; the shell applies the
  // real one after (only one of the two sets <html>'s variables at a time).
  const [remembered] = useState(readMerchantBranding);
  useDocumentBranding(shop.data ? null : remembered);
  useEarlyReads(isMerchant);
  useEffect(() => {
    if (shop.data?.id) rememberMerchantBranding(shop.data);
  }, [shop.data]);
  if (!isMerchant) return <Navigate to="/" replace />;
  if (shop.isPending) {
    return (
      <div style={brandingStyle(remembered ?? {})}>
        <PageLoader label="Loading your shop" />
      </div>
    );
  }
  if (shop.isError) return <ShopLoadError query={shop} />;
  if (!shop.data?.id) return <Navigate to={CREATE_SHOP_PATH} replace />;
  return <CurrentShopProvider shop={shop.data}>{children ?? <Outlet />}</CurrentShopProvider>;
}

/**
 * `/create-shop`: a signed-in merchant without a shop; an owner with one goes to the dashboard.
 * Once the form shows, a shop appearing (the one just created) does not redirect: the page
 * itself goes on to the profile page (spec §4).
 */
export function CreateShopGuard({ children }: { children?: ReactNode }) {
  const isMerchant = hasMerchantSession();
  const shop = useMyShop();
  const showsForm = useRef(false);
  if (!isMerchant) return <Navigate to="/" replace />;
  if (showsForm.current) return children ?? <Outlet />;
  if (shop.isPending) return <PageLoader label="Loading your shop" />;
  if (shop.isError) return <ShopLoadError query={shop} />;
  if (shop.data?.id) return <Navigate to={MERCHANT_HOME_PATH} replace />;
  showsForm.current = true;
  return children ?? <Outlet />;
}
