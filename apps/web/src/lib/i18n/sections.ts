import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "@tessera/shared";
import { useEffect, useState, useSyncExternalStore } from "react";

type OtherLocale = Exclude<Locale, "en">;
type Loader = () => Promise<{ default: Messages }>;

/**
 * One area's part of the catalogue (the storefront's, the customer area's, the sign-in pages'…).
 * English ships inside the area's own chunk; another language's part loads when the area is
 * first shown in it, so a storefront visitor never downloads the customer area's words.
 */
export interface CatalogueSection {
  readonly name: string;
  isLoaded(locale: Locale): boolean;
  load(locale: Locale): Promise<void>;
}

const sections = new Set<CatalogueSection>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * Registers an area's section: its English messages at once, the other languages on demand.
 * Call it at the top of the area's module, next to the static import of its English part.
 */
export function defineSection(
  name: string,
  english: Messages,
  loaders: Record<OtherLocale, Loader>,
): CatalogueSection {
  const loaded = new Set<Locale>(["en"]);
  const pending = new Map<Locale, Promise<void>>();
  i18n.load("en", { ...english });
  const section: CatalogueSection = {
    name,
    isLoaded: (locale) => loaded.has(locale),
    load(locale) {
      if (loaded.has(locale)) return Promise.resolve();
      let loading = pending.get(locale);
      if (!loading) {
        loading = loaders[locale as OtherLocale]()
          .then(({ default: messages }) => {
            i18n.load(locale, { ...messages });
            loaded.add(locale);
            changed();
          })
          .finally(() => pending.delete(locale));
        pending.set(locale, loading);
      }
      return loading;
    },
  };
  sections.add(section);
  return section;
}

/** Loads every registered area's part of a language (before the page switches to it). */
export async function loadSections(locale: Locale): Promise<void> {
  await Promise.all([...sections].map((section) => section.load(locale)));
}

/** Whether every registered area's part of a language is here. */
export function sectionsLoaded(locale: Locale): boolean {
  return [...sections].every((section) => section.isLoaded(locale));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether an area's words are here in the page's language. An area opened after the visitor
 * chose a language loads its part then; until it arrives the area shows its loading state
 * rather than English. A part that fails to load leaves the area in English.
 */
export function useSection(section: CatalogueSection, locale: Locale): boolean {
  useSyncExternalStore(subscribe, () => version);
  const [failed, setFailed] = useState<Locale | null>(null);
  const ready = section.isLoaded(locale) || failed === locale;
  useEffect(() => {
    if (!ready) section.load(locale).catch(() => setFailed(locale));
  }, [ready, section, locale]);
  return ready;
}
