import { isFontStyle, isHexColor, type Shop } from "@tessera/shared";
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
} from "react";
import { loadFont } from "./fonts";

/**
 * The shop of a `/{shopId}/…` page and its branding (spec §1: primary colour, secondary colour
 * and font style apply across the shop's pages). The shop layout loads the shop and provides
 * it; pages under it read it with `useCurrentShop()`.
 */

const DEFAULT_PRIMARY = "#0099D8";
const DEFAULT_SECONDARY = "#EFF6FF";
const FALLBACK_FONTS =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** localStorage key of the last shop's colours and font (spec §3 "Stored locally"). */
export const SHOP_BRANDING_STORAGE_KEY = "shopBranding";

export interface ShopBranding {
  primaryColor: string;
  secondaryColor: string;
  fontStyle: string;
}

/** The CSS variables the design tokens derive from (README "Design tokens"). */
export function brandingStyle(branding: Partial<ShopBranding>): CSSProperties {
  const primary =
    branding.primaryColor && isHexColor(branding.primaryColor)
      ? branding.primaryColor
      : DEFAULT_PRIMARY;
  const secondary =
    branding.secondaryColor && isHexColor(branding.secondaryColor)
      ? branding.secondaryColor
      : DEFAULT_SECONDARY;
  // Only names from the font list reach CSS; anything else keeps the default stack.
  const font =
    branding.fontStyle && isFontStyle(branding.fontStyle)
      ? `"${branding.fontStyle}", ${FALLBACK_FONTS}`
      : FALLBACK_FONTS;
  return {
    "--primary": primary,
    "--secondary": secondary,
    "--font-brand": font,
    fontFamily: "var(--font-brand)",
  } as CSSProperties;
}

/** Remembers the shop's branding so its next visit is painted in its colours while it loads. */
export function rememberShopBranding(shopId: number, branding: ShopBranding): void {
  try {
    localStorage.setItem(SHOP_BRANDING_STORAGE_KEY, JSON.stringify({ shopId, ...branding }));
  } catch {
    // Storage blocked: the default colours show while loading.
  }
}

/**
 * localStorage key of the merchant's own shop branding. The merchant area does not know its
 * shop id until GET /shop/get-shop-by-userId answers, so this key carries no id: a reload
 * paints the shell in the last shop's colours and font while the shop loads.
 */
export const MERCHANT_BRANDING_STORAGE_KEY = "lastMerchantShopBranding";

function pickBranding(value: Partial<ShopBranding>): ShopBranding | null {
  const { primaryColor, secondaryColor, fontStyle } = value;
  if (typeof primaryColor !== "string" || typeof secondaryColor !== "string") return null;
  return {
    primaryColor,
    secondaryColor,
    fontStyle: typeof fontStyle === "string" ? fontStyle : "",
  };
}

/** Remembers the merchant's shop branding for the next reload of the merchant area. */
export function rememberMerchantBranding(branding: ShopBranding): void {
  const picked = pickBranding(branding);
  if (!picked) return;
  try {
    localStorage.setItem(MERCHANT_BRANDING_STORAGE_KEY, JSON.stringify(picked));
  } catch {
    // Storage blocked: the default colours show while loading.
  }
}

/** The merchant's last shop branding, or null (never stored, unreadable, or malformed). */
export function readMerchantBranding(): ShopBranding | null {
  try {
    const raw = localStorage.getItem(MERCHANT_BRANDING_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? pickBranding(parsed) : null;
  } catch {
    return null;
  }
}

/** Loads the store font (from the bundled @fontsource packages) while it is in use. */
export function useBrandFont(fontStyle: string | null | undefined): void {
  useEffect(() => {
    void loadFont(fontStyle);
  }, [fontStyle]);
}

export function readRememberedBranding(shopId: string): Partial<ShopBranding> | null {
  try {
    const raw = localStorage.getItem(SHOP_BRANDING_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ShopBranding> & { shopId?: unknown };
    return String(parsed.shopId) === shopId ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Applies the branding variables to <html> while mounted, so overlays rendered in portals
 * (dialogs, sheets, toasts) wear the shop's colours too; the previous values come back after.
 */
export function useDocumentBranding(branding: Partial<ShopBranding> | null): void {
  const primary = branding?.primaryColor;
  const secondary = branding?.secondaryColor;
  const fontStyle = branding?.fontStyle;
  useBrandFont(fontStyle);
  useLayoutEffect(() => {
    if (!primary && !secondary && !fontStyle) return;
    const style = brandingStyle({
      primaryColor: primary,
      secondaryColor: secondary,
      fontStyle,
    }) as Record<string, string>;
    const root = document.documentElement.style;
    const names = ["--primary", "--secondary", "--font-brand"] as const;
    const previous = names.map((name) => root.getPropertyValue(name));
    for (const name of names) root.setProperty(name, style[name] ?? "");
    return () => {
      names.forEach((name, index) => {
        const value = previous[index];
        if (value) root.setProperty(name, value);
        else root.removeProperty(name);
      });
    };
  }, [primary, secondary, fontStyle]);
}

const CurrentShopContext = createContext<Shop | null>(null);

export function CurrentShopProvider({ shop, children }: { shop: Shop; children: ReactNode }) {
  return <CurrentShopContext.Provider value={shop}>{children}</CurrentShopContext.Provider>;
}

/** The shop of the current `/{shopId}/…` page. */
export function useCurrentShop(): Shop {
  const shop = useContext(CurrentShopContext);
  if (!shop) throw new Error("useCurrentShop must be used within a CurrentShopProvider");
  return shop;
}
