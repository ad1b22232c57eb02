export { storefrontKeys } from "./api";
export { StorefrontHeader } from "./components/storefront-header";
export {
  LINK_COPIED_MESSAGE,
  LINK_COPY_FAILED_MESSAGE,
  storeLinkFor,
  useCopyStoreLink,
} from "./hooks/use-copy-store-link";
export { MERCHANT_STOREFRONT_PATH, MerchantStorefrontPage } from "./pages/merchant-storefront-page";
export { StoreNotFoundPage } from "./pages/store-not-found-page";
export { StorefrontHomePage } from "./pages/storefront-home-page";
export { STOREFRONT_LINK_PATH, StorefrontLinkOverlay } from "./pages/storefront-link-overlay";
export { StorefrontPreviewPage } from "./pages/storefront-preview-page";
