// The modals opened over the customer dashboard (buy an offer, redeem a benefit or cashback):
// their forms and the checkout bring the form library and the validation schemas, so they load
// when the customer opens one, not with the dashboard.
export { OfferPurchaseModal } from "@/features/customer/pages/offer-purchase-modal";
export { RedeemBenefitModal } from "@/features/customer/pages/redeem-benefit-modal";
export { RedeemCashbackModal } from "@/features/customer/pages/redeem-cashback-modal";
