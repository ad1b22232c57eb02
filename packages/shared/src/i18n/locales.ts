/**
 * The languages of the customer side. English holds the specification's texts exactly; the
 * others are translations of the same keys (catalogues/*.json, one per language).
 */
export const LOCALES = ["en", "es", "fr", "de", "pt-BR"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, as a language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The supported language for one BCP 47 tag: the exact tag, else its language alone
 * ("es-MX" is Spanish, "pt-PT" and "pt" are Brazilian Portuguese, "en-GB" is English).
 */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted) return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split("-")[0];
  return LOCALES.find((locale) => locale.toLowerCase().split("-")[0] === language) ?? null;
}

/** The first supported language among tags in order of preference, or null. */
export function pickLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

/**
 * An `Accept-Language` header's tags, most wanted first (RFC 9110 §12.5.4): weights sort them,
 * `q=0` and `*` are dropped, and a malformed header gives an empty list rather than an error.
 */
export function parseAcceptLanguage(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(
      ({ tag, weight }) =>
        weight > 0 && tag !== "*" && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag),
    )
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language a visitor sees, in order: their own choice, the signed-in customer's stored
 * language, the browser's languages when the shop follows them, then the shop's default.
 */
export function resolveLocale(input: {
  chosen?: string | null;
  customer?: string | null;
  browser?: readonly string[];
  followBrowser: boolean;
  shopDefault?: string | null;
}): Locale {
  if (isLocale(input.chosen)) return input.chosen;
  if (isLocale(input.customer)) return input.customer;
  if (input.followBrowser && input.browser) {
    const fromBrowser = pickLocale(input.browser);
    if (fromBrowser) return fromBrowser;
  }
  return isLocale(input.shopDefault) ? input.shopDefault : DEFAULT_LOCALE;
}
