import { isLocale, type Locale } from "@tessera/shared";

/**
 * The language a visitor picked from a language menu, kept on this device for every shop: the
 * first thing that decides the customer side's language (`resolveLocale`).
 */
export const CHOSEN_LOCALE_KEY = "tessera.locale";

export function readChosenLocale(): Locale | null {
  try {
    const value = localStorage.getItem(CHOSEN_LOCALE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberChosenLocale(locale: Locale): void {
  try {
    localStorage.setItem(CHOSEN_LOCALE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

const listeners = new Set<() => void>();

/** Picks a language: remembered, and every page that follows the choice renders again. */
export function chooseLocale(locale: Locale): void {
  rememberChosenLocale(locale);
  for (const listener of listeners) listener();
}

export function subscribeChosenLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
