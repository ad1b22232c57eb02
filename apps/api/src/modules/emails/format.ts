import { formatCentsIn, type Locale } from "@tessera/shared";
import { customerLocale, intlTag, type Translate, translator } from "../../infra/mailer/i18n";
import { shopBrand, toShopBranding } from "../../infra/mailer/templates";
import type { ShopSnapshot } from "./payloads";

/** The shop's brand on its e-mails, and dates as its customers and team read them. */

export type RenderOptions = {
  publicUrl: string;
  /** The signed one-click unsubscribe address of a customer's reminders. */
  unsubscribeUrl: (customerId: number) => string;
  /** The signed one-click address that turns a team member's digest off. */
  digestUnsubscribeUrl: (userId: number) => string;
};

export function brandOf(shop: ShopSnapshot, publicUrl: string) {
  return shopBrand(toShopBranding(shop, publicUrl));
}

/** "Nov 25, 2026, 2:05 PM EST" in the shop's zone (UTC when the zone is unknown). */
export function shopDateTime(iso: string, timeZone: string, locale: Locale = "en"): string {
  const tag = intlTag(locale);
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: "medium",
    timeStyle: "short",
  };
  try {
    const parts = new Intl.DateTimeFormat(tag, { ...options, timeZone }).format(new Date(iso));
    const zone = new Intl.DateTimeFormat(tag, { timeZone, timeZoneName: "short" })
      .formatToParts(new Date(iso))
      .find((p) => p.type === "timeZoneName")?.value;
    return zone ? `${parts} ${zone}` : parts;
  } catch {
    return `${new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }).format(new Date(iso))} UTC`;
  }
}

/** "Nov 25, 2026" in the shop's zone. */
export function shopDate(iso: string, timeZone: string, locale: Locale = "en"): string {
  const tag = intlTag(locale);
  try {
    return new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(iso),
    );
  }
}

/** How one reader's e-mail speaks: their words, the shop's money and dates in their language. */
export type Voice = {
  locale: Locale;
  t: Translate;
  money: (cents: number) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
};

export function voiceOf(locale: Locale, shop: ShopSnapshot): Voice {
  return {
    locale,
    t: translator(locale),
    money: (cents) => formatCentsIn(locale, cents),
    date: (iso) => shopDate(iso, shop.timeZone, locale),
    dateTime: (iso) => shopDateTime(iso, shop.timeZone, locale),
  };
}

/** A customer's e-mail: in the language captured when it was queued, else the shop's default. */
export function customerVoice(p: { shop: ShopSnapshot; locale?: string | null }): Voice {
  return voiceOf(customerLocale(p.locale, p.shop.defaultLocale), p.shop);
}
