/**
 * What other modules may read about a shop without going through its service: the row and
 * its time zone (business dates are the shop's). The shops repo itself stays the module's own.
 */
export { findShopById, findShopTimeZone } from "./repo";
