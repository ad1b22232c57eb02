import { addDays, type PublicOffer, todayInTimeZone } from "@tessera/shared";
import { toPublicOfferDto } from "./dto";
import type { StorefrontOffer } from "./repo";

/**
 * The storefront's offers are read around the UTC date: every time zone's today lies within a day
 * of it, so the query need not know the shop's zone. `runningToday` then keeps the exact ones.
 */
export function offersWindow(instant: Date): { earliest: string; latest: string } {
  // The UTC calendar day straight from the ISO form: no Intl formatting on every storefront read.
  const utcToday = instant.toISOString().slice(0, 10);
  return { earliest: addDays(utcToday, -1), latest: addDays(utcToday, 1) };
}

/** The offers whose dates include the shop's today (in its time zone), as the public sees them. */
export function runningToday(
  offers: StorefrontOffer[],
  timeZone: string,
  instant: Date,
): PublicOffer[] {
  const today = todayInTimeZone(timeZone, instant);
  return offers
    .filter((offer) => offer.startDate <= today && offer.endDate >= today)
    .map(toPublicOfferDto);
}
