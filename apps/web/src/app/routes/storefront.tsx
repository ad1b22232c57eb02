// The public storefront: the first page most customers see, so its chunk carries nothing else.
export { StorefrontHomePage } from "@/features/storefront/pages/storefront-home-page";
