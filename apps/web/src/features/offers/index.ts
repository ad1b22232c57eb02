export { offerKeys, useOffer, useOffers } from "./api";
export { OfferCard } from "./components/offer-card";
export { OFFERS_PATH, offersPathAfterSave, parseOfferTab } from "./offer-tabs";
export { NewOfferModal } from "./pages/new-offer-modal";
export { NewOfferPage } from "./pages/new-offer-page";
export { OfferPreviewModal } from "./pages/offer-preview-modal";
export { NEW_OFFER_PATH, OffersPage, UPDATE_OFFER_PATH } from "./pages/offers-page";
export { UpdateOfferModal } from "./pages/update-offer-modal";
