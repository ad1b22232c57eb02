import {
  DEFAULT_OFFER_TAB,
  getOfferTiming,
  OFFER_TABS,
  type OfferTab,
  todayInTimeZone,
} from "@tessera/shared";

export const OFFERS_PATH = "/merchant/offers";

export const OFFER_TAB_LABELS: Record<OfferTab, string> = {
  upcoming: "Upcoming",
  active: "Active",
  expired: "Expired",
};

/** `?tab=`: upcoming, active or expired; anything else is the default, active (spec §2). */
export function parseOfferTab(value: string | null): OfferTab {
  return (OFFER_TABS as readonly string[]).includes(value ?? "")
    ? (value as OfferTab)
    : DEFAULT_OFFER_TAB;
}

/**
 * Where the merchant lands after creating or updating an offer (spec §4): the Offers page on
 * the tab its dates put it in today, in the shop's time zone.
 */
export function offersPathAfterSave(
  offer: { startDate: string; endDate: string },
  timeZone: string,
  now: Date = new Date(),
): string {
  const tab = getOfferTiming(offer, todayInTimeZone(timeZone, now), timeZone);
  return `${OFFERS_PATH}?tab=${tab}`;
}
