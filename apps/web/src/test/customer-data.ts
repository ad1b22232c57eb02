import { customerScope, setStoredCustomer, setToken } from "@/lib/token-storage";
import { makeCustomer, makeShop } from "./api-mock";
import { fixture } from "./fixture";

/** Test data for the customer area's payment screens, shaped as the API answers. */

export const SHOP_ID = 7;
export const CUSTOMER_ID = 31;

export function signInCustomer() {
  setToken("c-tok", customerScope(SHOP_ID));
  setStoredCustomer({ id: CUSTOMER_ID, contactId: null, shopId: SHOP_ID });
}

export const shopRoute = { "GET /shop/get-shop-by-Id": { shop: makeShop() } };

export const makeTier = fixture(() => ({
  id: 1,
  name: "Bronze",
  description: "A coffee a month on us.",
  price: 9.99,
  cashbackReward: 2,
  renewal: "monthly",
  rewardFrequency: "monthly",
  Benefits: [{ id: 11, name: "Free filter coffee", worth: 3.5, benefitType: "monthly" }],
}));

export const TIERS = [
  makeTier(),
  makeTier({ id: 2, name: "Gold", price: 199, cashbackReward: 25, Benefits: [] }),
];

export const makeMembership = fixture(() => ({
  id: 501,
  membershipId: 1,
  name: "Bronze",
  plan: "monthly",
  price: 9.99,
  cashbackReward: 2,
  status: "active",
  paymentType: "online",
  startDate: "2026-03-01T12:00:00.000Z",
  expireDate: "2026-04-01T12:00:00.000Z",
  cancelledAt: null,
  card: "Visa •••• 1111",
  Benefits: [],
}));

export const makeOffer = fixture(() => ({
  id: 3,
  offerName: "Pastry box",
  description: "Six freshly baked pastries.",
  redemptionInstructions: null,
  originalPrice: 18,
  offerPrice: 12,
  isLimited: false,
  quantity: 0,
  isLimitedPerUser: false,
  limitPerUser: 0,
  hasValidity: true,
  validityDays: 7,
  startDate: "2026-03-01",
  endDate: "2099-03-02",
  offerImage: "/uploads/offers/pastry.webp",
}));

export const makeCustomerOffer = fixture(() => ({
  customerOfferId: 901,
  offerId: 3,
  offerName: "Pastry box",
  offerImage: "/uploads/offers/pastry.webp",
  offerPrice: 12,
  endDate: "2099-03-02",
  expiresAt: "2026-03-09T12:00:00.000Z",
  purchasedAt: "2026-03-02T12:00:00.000Z",
  redeemedAt: null,
  soldCount: 1,
}));

export const makeDashboard = fixture(() => ({
  customer: makeCustomer(),
  membership: null,
  nextRenewalMembership: null,
  rewardBalance: 0,
  activeOffers: [],
  fontStyle: "Arial",
}));

export const makeSession = fixture(() => ({
  checkoutId: "chk_1",
  client_token: "ct_abc",
  provider: "sandbox",
  amount: 9.99,
  cashbackUsed: 0,
  environment: "sandbox",
  formUrl: "/api/v1/sandbox/checkout",
  scriptUrl: null,
  expiresAt: "2099-01-01T00:00:00.000Z",
}));

/** What the API answers once a card pays for a membership: the membership and the new balance. */
export function membershipPaid(rewardBalance: number) {
  return {
    message: "Payment successful",
    type: "membership",
    membership: makeMembership(),
    customerOffer: null,
    rewardBalance,
  };
}

/** What the API answers once an offer is bought: the customer's offer and the new balance. */
export function offerBought(rewardBalance: number) {
  return { type: "offer", membership: null, customerOffer: makeCustomerOffer(), rewardBalance };
}

/** What the sandbox card form posts to the page that framed it. */
export function postFromCardForm(frame: HTMLIFrameElement, data: Record<string, unknown>) {
  window.dispatchEvent(
    new MessageEvent("message", {
      data: { source: "tessera-sandbox", ...data },
      origin: window.location.origin,
      source: frame.contentWindow,
    }),
  );
}

export const makeRedemption = fixture(() => ({
  id: 71,
  redemptionDate: "2026-03-03T15:30:00.000Z",
  redemptionType: "benefit",
  item: "Free filter coffee",
  customerName: "Casey Customer",
  value: 3.5,
  performedBy: "customer",
  performedByName: "Casey Customer",
}));

export const makeTransaction = fixture(() => ({
  transactionId: "sbx_tx_1",
  id: 81,
  transactionDate: "2026-03-01T12:00:00.000Z",
  transactionType: "Bronze",
  offerName: null,
  membershipName: "Bronze",
  plan: "monthly",
  paymentType: "online",
  offerPrice: null,
  price: 9.99,
  amount: 9.99,
  discount: 0,
  cashbackUsed: 0,
  status: "succeeded",
  transactionBy: "Casey Customer",
  customerName: "Casey Customer",
}));

/** A paginated list answer: `{ [key]: rows, total, page, pageSize }`. */
export function pageOf(key: string, rows: unknown[], total = rows.length, page = 1, pageSize = 10) {
  return { [key]: rows, total, page, pageSize };
}

/** The customer's dashboard page. */
export const DASHBOARD = `/${SHOP_ID}/customer/dashboard`;
/** The signed-in customer's record: what the dashboard shows. */
export const GET_CUSTOMER = `GET /customer/profile/get-customer/${CUSTOMER_ID}`;

/**
 * What every customer page loads: the shop, its membership tiers (TIERS) and its active offers
 * (`offers`, none by default); `extra` adds routes or replaces these.
 */
export function customerRoutes(extra: Record<string, unknown> = {}, offers: unknown[] = []) {
  return {
    ...shopRoute,
    "GET /customer/memberships/get-active-memberships": { memberships: TIERS },
    "GET /customer/offers/get-active-offers": { offers },
    ...extra,
  };
}
