import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY } from "../options.ts";
import { whenFieldsValid } from "./common.ts";

export type { CountryCode };

/**
 * The phone number in E.164 ("+12015550123") when `value` is a valid number, else `null`.
 *
 * With a `country` (the picker's selection), national input ("(201) 555-0123") is read in that
 * country and international input ("+1 201 555 0123") must carry its calling code. Without one,
 * international input may be any country and national input is read as US.
 *
 * Uses libphonenumber's full ("max") metadata: the default metadata only checks lengths and
 * accepts numbers that cannot exist, such as US area code 555.
 */
export function normalizePhoneNumber(value: string, country?: string | null): string | null {
  if (country && !isSupportedCountry(country)) return null;
  const phone = parsePhoneNumberFromString(
    value.trim(),
    (country || DEFAULT_PHONE_COUNTRY) as CountryCode,
  );
  if (!phone?.isValid()) return null;
  if (country && phone.countryCallingCode !== getCountryCallingCode(country as CountryCode)) {
    return null;
  }
  return phone.number;
}

/** The country an international number belongs to ("+442079460958" → "GB"), or null. */
export function phoneNumberCountry(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  if (!trimmed.startsWith("+")) return null;
  return parsePhoneNumberFromString(trimmed)?.country ?? null;
}

/** An E.164 number as people read it ("+44 20 7946 0958"); anything unparsable unchanged. */
export function formatPhoneNumber(value: string): string {
  return parsePhoneNumberFromString(value.trim())?.formatInternational() ?? value;
}

export function isValidPhoneNumber(value: string, country?: string | null): boolean {
  return normalizePhoneNumber(value, country) !== null;
}

/** Whether `code` is an ISO 3166-1 alpha-2 code that libphonenumber knows. */
export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** The phone country picker's value (ISO alpha-2, any case); empty means "not given". */
export function phoneCountryField(invalidMessage: string) {
  return z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((value, ctx): CountryCode | undefined => {
      if (!value) return undefined;
      if (isPhoneCountry(value)) return value;
      ctx.addIssue({ code: "custom", message: invalidMessage, input: value });
      return z.NEVER;
    });
}

/** The raw phone input; checked against the country by `withPhoneNumber`. */
export const phoneInput = z.string().nullish();

type PhoneMessages = { required?: string; invalid: string };

/**
 * Validates the phone field (`phoneNumber` unless `key` says otherwise) against `phoneCountry`
 * (a rule across two fields, so it runs on the object) and outputs it in E.164. Without
 * `messages.required` an empty phone is allowed and comes out as "" (no phone).
 */
export function withPhoneNumber<
  S extends z.ZodRawShape & { phoneCountry: ReturnType<typeof phoneCountryField> },
  K extends keyof S & string = "phoneNumber",
>(schema: z.ZodObject<S>, messages: PhoneMessages, key: K = "phoneNumber" as K) {
  type Values = z.output<z.ZodObject<S>>;
  const readPhone = (values: Values) => {
    const record = values as Record<string, unknown>;
    const raw = typeof record[key] === "string" ? record[key].trim() : "";
    return { raw, country: record.phoneCountry as CountryCode | undefined };
  };
  return schema
    .superRefine(
      (values, ctx) => {
        const { raw, country } = readPhone(values);
        if (raw === "") {
          if (messages.required) {
            ctx.addIssue({ code: "custom", message: messages.required, path: [key] });
          }
          return;
        }
        if (normalizePhoneNumber(raw, country) === null) {
          ctx.addIssue({ code: "custom", message: messages.invalid, path: [key] });
        }
      },
      { when: whenFieldsValid(key, "phoneCountry") },
    )
    .transform((values): Omit<Values, K> & Record<K, string> => {
      const { raw, country } = readPhone(values);
      const phone = raw === "" ? "" : (normalizePhoneNumber(raw, country) ?? "");
      return { ...values, [key]: phone } as Omit<Values, K> & Record<K, string>;
    });
}
