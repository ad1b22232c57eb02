import { type I18n, setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@tessera/shared";
import de from "@tessera/shared/i18n/catalogues/de.json" with { type: "json" };
import en from "@tessera/shared/i18n/catalogues/en.json" with { type: "json" };
import es from "@tessera/shared/i18n/catalogues/es.json" with { type: "json" };
import fr from "@tessera/shared/i18n/catalogues/fr.json" with { type: "json" };
import ptBR from "@tessera/shared/i18n/catalogues/pt-BR.json" with { type: "json" };

/**
 * The e-mails' words: the "emails" section of the shared catalogues, keyed by the English text,
 * ICU messages compiled here once per language. A customer reads their e-mails in their own
 * language; merchants and staff in English, through the same calls, so adding their languages
 * later is translation only.
 */

/** A text of the e-mails; the type-checker refuses one the catalogue lacks. */
export type EmailText = keyof (typeof en)["emails"];
export type Translate = (text: EmailText, values?: Record<string, string | number>) => string;

/** A text of a customer's notices (bell, list, live toasts): the catalogue's "notices" section. */
export type NoticeText = keyof (typeof en)["notices"];
export type TranslateNotice = (
  text: NoticeText,
  values?: Record<string, string | number>,
) => string;

type Section = "emails" | "notices";

const CATALOGUES: Record<Locale, Record<Section, Record<string, string>>> = {
  en,
  es,
  fr,
  de,
  "pt-BR": ptBR,
};

const instances = new Map<string, I18n>();

function i18nFor(locale: Locale, section: Section = "emails"): I18n {
  let i18n = instances.get(`${section}:${locale}`);
  if (!i18n) {
    const compiled = Object.fromEntries(
      Object.entries(CATALOGUES[locale][section]).map(([key, message]) => [
        key,
        compileMessageOrThrow(message),
      ]),
    );
    i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    instances.set(`${section}:${locale}`, i18n);
  }
  return i18n;
}

/** The e-mail texts of one language. */
export function translator(locale: Locale): Translate {
  const i18n = i18nFor(locale);
  return (text, values) => i18n._(text, values);
}

/** The notice texts of one language. */
export function noticeTranslator(locale: Locale): TranslateNotice {
  const i18n = i18nFor(locale, "notices");
  return (text, values) => i18n._(text, values);
}

/**
 * The language of a customer's e-mails: the one they chose, else their shop's default, else
 * English (a stored value this version does not know counts as none).
 */
export function customerLocale(
  chosen: string | null | undefined,
  shopDefault: string | null | undefined,
): Locale {
  if (isLocale(chosen)) return chosen;
  if (isLocale(shopDefault)) return shopDefault;
  return DEFAULT_LOCALE;
}

/** `Intl`'s tag for a language: English dates read as the United States writes them. */
export function intlTag(locale: Locale): string {
  return locale === "en" ? "en-US" : locale;
}

const signInTexts = new Map<Locale, Record<string, string>>();

/**
 * A refusal of the shop sign-in pages in a language: the catalogue's `auth` section holds the
 * server's texts the customer login shows ("Invalid email or password", a disabled account, too
 * many tries); a text it lacks stays as it is. Plain texts, no placeholders.
 */
export function signInText(locale: Locale, text: string): string {
  let texts = signInTexts.get(locale);
  if (!texts) {
    const catalogues = { en, es, fr, de, "pt-BR": ptBR } as Record<
      Locale,
      { auth: Record<string, string> }
    >;
    texts = catalogues[locale].auth;
    signInTexts.set(locale, texts);
  }
  return Object.hasOwn(texts, text) ? (texts[text] as string) : text;
}
