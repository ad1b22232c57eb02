export { fetchShopById, shopByIdQueryOptions, shopKeys, useShopById } from "./api";
export {
  BANNER_ADVICE,
  CREATE_SHOP_ERROR_TIMEOUT_MS,
  LOGO_ADVICE,
} from "./components/create-shop-form";
export { CreateShopPage } from "./pages/create-shop-page";
