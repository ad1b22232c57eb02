import { and, eq, gt, isNull, or } from "drizzle-orm";
import { customerOffers } from "../../db/schema";

/** The customer's bought offers that can still be redeemed: unredeemed, not refunded, unexpired. */
export function redeemableOf(shopId: number, customerId: number, now: Date) {
  return and(
    eq(customerOffers.shopId, shopId),
    eq(customerOffers.customerId, customerId),
    isNull(customerOffers.redeemedAt),
    isNull(customerOffers.voidedAt),
    or(isNull(customerOffers.expiresAt), gt(customerOffers.expiresAt, now)),
  );
}
