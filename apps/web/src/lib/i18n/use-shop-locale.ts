import { DEFAULT_LOCALE, type Locale, resolveLocale, type Shop } from "@tessera/shared";
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import { readChosenLocale, subscribeChosenLocale } from "./chosen-locale";
import { activateLocale } from "./index";
import { useT } from "./use-t";

function browserLanguages(): readonly string[] {
  return typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
}

/** The language a shop's pages speak to this visitor (`resolveLocale`), or null before the shop. */
export function useShopLocaleChoice(shop: Shop | undefined): Locale | null {
  const chosen = useSyncExternalStore(subscribeChosenLocale, readChosenLocale, () => null);
  if (!shop) return null;
  return resolveLocale({
    chosen,
    browser: browserLanguages(),
    followBrowser: shop.followBrowserLocale,
    shopDefault: shop.defaultLocale,
  });
}

/**
 * Puts a shop's pages in the visitor's language and tells whether its words are here yet (the
 * first visit in a language waits for its catalogue, a few KB). English comes back when the
 * visitor leaves the shop's pages: the platform and merchant pages are English. A catalogue that
 * fails to load leaves the pages in English rather than blank.
 */
export function useShopLocale(shop: Shop | undefined): boolean {
  const wanted = useShopLocaleChoice(shop);
  const { locale } = useT();
  const [failed, setFailed] = useState<Locale | null>(null);

  useLayoutEffect(() => {
    if (!wanted) return;
    activateLocale(wanted).catch(() => setFailed(wanted));
  }, [wanted]);

  useEffect(() => () => void activateLocale(DEFAULT_LOCALE), []);

  return wanted === null || locale === wanted || failed === wanted;
}
