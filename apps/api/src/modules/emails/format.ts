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
export function shopDateTime(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: "medium",
    timeStyle: "short",
  };
  try {
    const parts = new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(new Date(iso));
    const zone = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(new Date(iso))
      .find((p) => p.type === "timeZoneName")?.value;
    return zone ? `${parts} ${zone}` : parts;
  } catch {
    return `${new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(new Date(iso))} UTC`;
  }
}

/** "Nov 25, 2026" in the shop's zone. */
export function shopDate(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(iso),
    );
  }
}
