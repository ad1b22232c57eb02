import { type Translate, translator } from "./i18n";

/**
 * Whose e-mail it is: a message to a shop's customer carries the shop's name, logo and primary
 * colour; every other message carries Tessera's. Callers pass links fully built (PUBLIC_URL,
 * token, e-mail) and logos as absolute URLs.
 */

export type EmailContent = {
  subject: string;
  text: string;
  html: string;
  /** Display name for the From header (the shop's name on a customer's e-mail). */
  fromName?: string;
};

/** A shop as its customers see it. `logoUrl` must be absolute (see `Storage.absoluteUrl`). */
export type ShopBranding = {
  name: string;
  logoUrl?: string | null;
  primaryColor?: string | null;
};

/**
 * A shop row's branding for e-mails: its stored logo URL (relative, "/uploads/…") is made
 * absolute with PUBLIC_URL, because a mail client has no page address to resolve it against.
 */
export function toShopBranding(
  shop: { name: string; logo?: string | null; primaryColor?: string | null },
  publicUrl: string,
): ShopBranding {
  const base = publicUrl.replace(/\/+$/, "");
  const logo = shop.logo?.trim();
  let logoUrl: string | null = null;
  if (logo)
    logoUrl = /^https?:\/\//i.test(logo)
      ? logo
      : `${base}${logo.startsWith("/") ? "" : "/"}${logo}`;
  return { name: shop.name, logoUrl, primaryColor: shop.primaryColor ?? null };
}

export const TESSERA_NAME = "Tessera";
export const TESSERA_PRIMARY_COLOR = "#0099D8";
/** DOMAIN.md: verification links live 24 hours, reset links 1 hour. */
export const VERIFY_EMAIL_VALID_HOURS = 24;
export const RESET_PASSWORD_VALID_HOURS = 1;

export const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
export const TEXT_DARK = "#111827";
export const TEXT_BODY = "#374151";
export const TEXT_MUTED = "#6b7280";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Links and logos must be absolute http(s) URLs: anything else is a bug in the caller. */
export function checkedUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${what} must be an absolute URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`${what} must be an http(s) URL`);
  }
  return url.href;
}

function optionalLogo(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return checkedUrl(value, "logo");
  } catch {
    // A relative or odd logo URL would show as a broken image; the name alone reads better.
    return undefined;
  }
}

/** `#abc` or `#aabbcc`, normalised to `#aabbcc`; anything else falls back to Tessera's. */
export function normalizeColor(value: string | null | undefined): string {
  const hex = value?.trim().toLowerCase() ?? "";
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/.test(hex)) {
    return `#${[...hex.slice(1)].map((c) => c + c).join("")}`;
  }
  return TESSERA_PRIMARY_COLOR.toLowerCase();
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export type Brand = { name: string; color: string; logoUrl?: string; isShop: boolean };

export function tesseraBrand(): Brand {
  return { name: TESSERA_NAME, color: normalizeColor(TESSERA_PRIMARY_COLOR), isShop: false };
}

export function shopBrand(shop: ShopBranding): Brand {
  return {
    name: oneLine(shop.name),
    color: normalizeColor(shop.primaryColor),
    logoUrl: optionalLogo(shop.logoUrl),
    isShop: true,
  };
}

/** Header values must not carry line breaks; user-provided names are folded onto one line. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** A sentence's full stop after a name that ends with one ("Corner Coffee Co.") is not doubled. */
function oneFullStop(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/g, ".");
}

/** The closing line: why the recipient gets this e-mail, in their language. */
export function footerFor(brand: Brand, t: Translate = translator("en")): string {
  return brand.isShop
    ? oneFullStop(
        t(
          "You are receiving this email because of your account with {shopName}. Sent by Tessera on behalf of {shopName}.",
          { shopName: brand.name },
        ),
      )
    : t("You are receiving this email because of your Tessera account.");
}
