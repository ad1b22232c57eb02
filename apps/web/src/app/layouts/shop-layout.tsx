import { parseIdText } from "@tessera/shared";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useMatches, useParams } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { ErrorState } from "@/components/ui";
import { useShopById } from "@/features/shops/api";
import { useStorefrontShop } from "@/features/storefront/api";
import { StoreNotFoundPage } from "@/features/storefront/pages/store-not-found-page";
import { ApiError } from "@/lib/api-client";
import { useShopLocale } from "@/lib/i18n/use-shop-locale";
import { useT } from "@/lib/i18n/use-t";
import { getErrorContent } from "@/lib/notify";
import { PLATFORM_ROUTE_SEGMENTS } from "@/lib/session-routes";
import {
  brandingStyle,
  CurrentShopProvider,
  readRememberedBranding,
  rememberShopBranding,
  useDocumentBranding,
} from "@/lib/shop-branding";
import { NotFoundPage } from "../pages/not-found-page";

/** `handle` of the catch-all under `/:shopId`: the path matches no page of a shop. */
export const UNMATCHED_SHOP_PAGE = { unmatchedShopPage: true } as const;

/** A shop id from the URL: a positive integer, or null for anything else. */
export function parseShopId(raw: string | undefined): number | null {
  return parseIdText(raw ?? "");
}

function isShopMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * `/{shopId}/…`: looks the shop up (GET /storefront on the bare storefront, GET
 * /shop/get-shop-by-Id under it), shows "Store Not Found" for a
 * non-numeric id or a 404, and otherwise applies the shop's branding (CSS variables and font
 * on a wrapper and on <html> for overlays) and provides the shop to the pages under it.
 */
export function ShopLayout() {
  const { shopId: rawShopId = "" } = useParams();
  const { pathname } = useLocation();
  const shopId = parseShopId(rawShopId);
  const child = pathname.split("/").filter(Boolean)[1];
  // Spec: any path that matches no route is the generic not-found page, shop or no shop.
  const unmatched = useMatches().some((match) => match.handle === UNMATCHED_SHOP_PAGE);
  const lookupId = unmatched ? null : shopId;
  // The bare storefront reads the shop with its tiers and offers in one round trip; the
  // shop's other pages need only the shop (usually cached by then).
  const isStorefront = child === undefined;
  const storefront = useStorefrontShop(isStorefront ? lookupId : null);
  const byId = useShopById(isStorefront ? null : lookupId);
  const shop = isStorefront ? storefront : byId;
  const remembered = lookupId === null ? null : readRememberedBranding(String(lookupId));
  useDocumentBranding(shop.data ?? remembered);
  const localeReady = useShopLocale(shop.data);
  const { t } = useT();

  useEffect(() => {
    if (shop.data) rememberShopBranding(shop.data.id, shop.data);
  }, [shop.data]);

  // A platform word where the shop id goes (`/pass`, `/employee`) is a wrong page, not a shop.
  if (unmatched || PLATFORM_ROUTE_SEGMENTS.has(rawShopId)) return <NotFoundPage />;

  // Spec §2: login and register navigate to /not-found when the id is 0.
  if (rawShopId === "0" && (child === "login" || child === "register")) {
    return <Navigate to="/not-found" replace />;
  }

  // Shop ids are integers. A bare unknown word (`/no-such-page`) is a mistyped page; a shop
  // path with a bad id (`/abc/login`) is a broken store link.
  if (shopId === null) return child === undefined ? <NotFoundPage /> : <StoreNotFoundPage />;

  if (shop.isPending || (shop.data && !localeReady)) {
    return (
      <div style={brandingStyle(shop.data ?? remembered ?? {})}>
        <PageLoader label={t("Loading the store")} />
      </div>
    );
  }

  if (shop.isError) {
    if (isShopMissing(shop.error)) return <StoreNotFoundPage />;
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <ErrorState
          title={t("We could not load this store")}
          message={getErrorContent(shop.error).message}
          onRetry={() => void shop.refetch()}
          retrying={shop.isFetching}
        />
      </main>
    );
  }

  return (
    <div style={brandingStyle(shop.data)} className="min-h-dvh">
      <CurrentShopProvider shop={shop.data}>
        <Outlet />
      </CurrentShopProvider>
    </div>
  );
}
