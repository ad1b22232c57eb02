import { i18n } from "@lingui/core";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@tessera/shared";
import english from "@tessera/shared/i18n/catalogues/en.json?compiled&section=public";

/**
 * The customer side's words. Keys are the English texts themselves (the specification's, exact),
 * so a page reads `t("Log in")` and the type-checker refuses a text the catalogue lacks. English
 * ships with the app; another language's catalogue loads when a visitor first needs it.
 */
type Catalogue = typeof import("@tessera/shared/i18n/catalogues/en.json");
export type MessageKey = keyof Catalogue["public"];
export type MessageValues = Record<string, string | number | null | undefined>;

const loaders: Record<Exclude<Locale, "en">, () => Promise<{ default: typeof english }>> = {
  es: () => import("@tessera/shared/i18n/catalogues/es.json?compiled&section=public"),
  fr: () => import("@tessera/shared/i18n/catalogues/fr.json?compiled&section=public"),
  de: () => import("@tessera/shared/i18n/catalogues/de.json?compiled&section=public"),
  "pt-BR": () => import("@tessera/shared/i18n/catalogues/pt-BR.json?compiled&section=public"),
};

i18n.load(DEFAULT_LOCALE, english);
i18n.activate(DEFAULT_LOCALE);

export { i18n };

const loadedLocales: Partial<Record<Locale, true>> = { en: true };

/** Whether a language's catalogue is here, so switching to it needs no wait. */
export function isLocaleLoaded(locale: Locale): boolean {
  return loadedLocales[locale] === true;
}

/** Loads a language's catalogue (once) and makes it the page's: texts, formats, `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loadedLocales[locale] && locale !== "en") {
    const { default: messages } = await loaders[locale]();
    i18n.load(locale, messages);
    loadedLocales[locale] = true;
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** The active language (English until a shop's page chooses another). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * A text from outside the catalogue's keys, such as a server's message: its translation when the
 * catalogue has one, the text itself otherwise.
 */
export function translateText(text: string, values?: MessageValues): string {
  return Object.hasOwn(i18n.messages, text) ? i18n._(text, values) : text;
}

/** A catalogue text in the active language (outside React; components use `useT`). */
export function t(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values);
}
