import { i18n } from "@lingui/core";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@tessera/shared";
import english from "@tessera/shared/i18n/catalogues/en.json?compiled&section=public";
import { defineSection, loadSections, sectionsLoaded } from "./sections";

/**
 * The customer side's words. Keys are the English texts themselves (the specification's, exact),
 * so a page reads `t("Log in")` and the type-checker refuses a text the catalogue lacks. The
 * catalogue has a section per area (`defineSection`): the storefront's ("public") ships with the
 * app in English; each other area's section loads with that area's chunk, and another language's
 * part of it when a visitor first needs it.
 */
type Catalogue = typeof import("@tessera/shared/i18n/catalogues/en.json");
export type SectionName = keyof Catalogue;
/** A text of any section; a component uses the texts of the section its area defines. */
export type MessageKey = { [S in SectionName]: keyof Catalogue[S] }[SectionName];
export type MessageValues = Record<string, string | number | null | undefined>;

defineSection("public", english, {
  es: () => import("@tessera/shared/i18n/catalogues/es.json?compiled&section=public"),
  fr: () => import("@tessera/shared/i18n/catalogues/fr.json?compiled&section=public"),
  de: () => import("@tessera/shared/i18n/catalogues/de.json?compiled&section=public"),
  "pt-BR": () => import("@tessera/shared/i18n/catalogues/pt-BR.json?compiled&section=public"),
});

i18n.activate(DEFAULT_LOCALE);

export { type CatalogueSection, defineSection, useSection } from "./sections";
export { i18n };

/** Whether a language's catalogue is here, so switching to it needs no wait. */
export function isLocaleLoaded(locale: Locale): boolean {
  return sectionsLoaded(locale);
}

/** Loads a language's catalogue (once) and makes it the page's: texts, formats, `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!sectionsLoaded(locale)) await loadSections(locale);
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

/**
 * A catalogue text in the active language (outside React; components use `useT`). A key no
 * loaded section holds (a component shared with the merchant area, whose pages do not load the
 * customer's words) reads as its English text with its placeholders filled: pages ship no ICU
 * parser, so Lingui itself would show the raw `{name}`.
 */
export function t(key: MessageKey, values?: MessageValues): string {
  if (Object.hasOwn(i18n.messages, key)) return i18n._(key, values);
  return key.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    String(values?.[name] ?? placeholder),
  );
}
