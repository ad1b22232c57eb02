import type { MessageKey } from "./i18n";
import { useT } from "./i18n/use-t";
import { useCurrentShop } from "./shop-branding";
import { useDocumentTitle } from "./use-document-title";

/**
 * The start of a shop's page: the shop, the translator, and the tab title `title` (a catalogue
 * text naming `{shopName}`) in the shopper's language.
 */
export function useShopPage(title: MessageKey) {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t(title, { shopName: shop.name }));
  return { shop, t };
}
