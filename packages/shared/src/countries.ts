import { type CountryCode, getCountries, getCountryCallingCode } from "libphonenumber-js/max";

/**
 * Countries for phone pickers, built from data that ships with the app (DOMAIN "Countries"):
 * names from `Intl.DisplayNames`, calling codes from libphonenumber-js, flags as emoji. No
 * third-party service learns who is signing up, and it works offline.
 */
export type PhoneCountry = {
  /** ISO 3166-1 alpha-2, e.g. "US". */
  code: CountryCode;
  name: string;
  /** With the plus, e.g. "+1". */
  callingCode: string;
  flag: string;
};

/** The flag emoji of an alpha-2 code (two regional indicator symbols). */
export function countryFlag(code: string): string {
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}

const cache = new Map<string, PhoneCountry[]>();

/** Every country with a calling code, sorted by name in `locale`. */
export function listPhoneCountries(locale = "en"): PhoneCountry[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
  const countries = getCountries()
    .map((code) => ({
      code,
      name: names.of(code) ?? code,
      callingCode: `+${getCountryCallingCode(code)}`,
      flag: countryFlag(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(locale, countries);
  return countries;
}

/** Lower case without accents, so "espana" finds "España" and "oster" finds "Österreich". */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Countries whose name in `locale`, code or calling code contains `query` (case- and
 * accent-insensitive).
 */
export function searchPhoneCountries(query: string, locale = "en"): PhoneCountry[] {
  const q = folded(query.trim());
  if (q === "") return listPhoneCountries(locale);
  return listPhoneCountries(locale).filter(
    (c) =>
      folded(c.name).includes(q) ||
      c.code.toLowerCase() === q ||
      c.callingCode.includes(q.startsWith("+") ? q : `+${q}`),
  );
}
