import type { RouteObject } from "react-router";
import { lazyFrom } from "../lazy-route";

const customer = lazyFrom(() => import("../routes/customer"));
const customerProfile = lazyFrom(() => import("../routes/customer-profile"));
const customerActions = lazyFrom(() => import("../routes/customer-actions"));
const customerCard = lazyFrom(() => import("../routes/customer-card"));

/** A customer's pages, under /{shopId}/customer: patched into the router on the first visit. */
export const customerRoutes: RouteObject[] = [
  {
    // The dashboard stays behind the modals opened over it (spec §2), while
    // their addresses sit beside it: /{shopId}/customer/offer-purchase.
    lazy: customer("CustomerDashboardPage"),
    children: [
      { path: "dashboard", element: null },
      { path: "offer-purchase", lazy: customerActions("OfferPurchaseModal") },
      { path: "redeem-benefit", lazy: customerActions("RedeemBenefitModal") },
      { path: "redeem-cashback", lazy: customerActions("RedeemCashbackModal") },
    ],
  },
  // The member card, full screen for the counter (its QR library loads with it).
  { path: "card", lazy: customerCard("MemberCardPage") },
  {
    // Spec §2: profile-overview with the child routes edit-profile and
    // update-password, each shown in its place.
    path: "profile-overview",
    children: [
      { index: true, lazy: customerProfile("CustomerProfilePage") },
      { path: "edit-profile", lazy: customerProfile("CustomerEditProfilePage") },
      {
        path: "update-password",
        lazy: customerProfile("CustomerUpdatePasswordPage"),
      },
    ],
  },
];
