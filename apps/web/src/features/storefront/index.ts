export { StorefrontHeader } from "./components/storefront-header";
export { StoreNotFoundPage } from "./pages/store-not-found-page";
export { StorefrontHomePage } from "./pages/storefront-home-page";
