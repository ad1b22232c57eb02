import { DEFAULT_LOCALE, isLocale, type Shop as ShopDto } from "@tessera/shared";
import type { Shop } from "../../db/schema";

export function toShopDto(shop: Shop): ShopDto {
  return {
    id: shop.id,
    name: shop.name,
    industry: shop.industry,
    tagline: shop.tagline,
    logo: shop.logo,
    banner: shop.banner,
    primaryColor: shop.primaryColor,
    secondaryColor: shop.secondaryColor,
    fontStyle: shop.fontStyle,
    timeZone: shop.timeZone,
    codeSignUp: shop.codeSignUp,
    defaultLocale: isLocale(shop.defaultLocale) ? shop.defaultLocale : DEFAULT_LOCALE,
    followBrowserLocale: shop.followBrowserLocale,
  };
}
