import { z } from "zod";
import { canonicalTimeZone } from "../dates.ts";
import { LOCALES } from "../i18n/locales.ts";
import { FONT_STYLES, HEX_COLOR_PATTERN, INDUSTRIES, type Industry } from "../options.ts";
import { idSchema, keptBooleanField, matches, maxLength, minLength, textField } from "./common.ts";
import { SHOP_MESSAGES, STORE_MESSAGES } from "./messages.ts";

/** Letters (any script), digits, spaces and - ' , . only. */
export const SHOP_NAME_PATTERN = /^[\p{L}\p{M}\d\s\-',.]+$/u;
export const SHOP_NAME_MAX_LENGTH = 100;
export const STORE_NAME_MIN_LENGTH = 3;
export const TAGLINE_MIN_LENGTH = 5;
export const TAGLINE_MAX_LENGTH = 200;

export function isIndustry(value: string): value is Industry {
  return (INDUSTRIES as readonly string[]).includes(value);
}

/** An industry from the list; `message` when missing or unknown. */
export function industryField(message: string) {
  return z.enum(INDUSTRIES, { error: message });
}

/** "#" plus 6 hex digits, stored upper-case so "#0099d8" and "#0099D8" are one colour. */
function colorField(message: string) {
  return textField({ required: message, rules: [matches(HEX_COLOR_PATTERN, message)] }).transform(
    (value) => value.toUpperCase(),
  );
}

/**
 * The shop's time zone (offer dates and periods follow it): an IANA name, any case, written in
 * its canonical spelling. Empty or missing means "keep the current one".
 */
export const shopTimeZoneField = z
  .string({ error: STORE_MESSAGES.timeZoneInvalid })
  .nullish()
  .transform((value, ctx): string | undefined => {
    if (!value?.trim()) return undefined;
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: STORE_MESSAGES.timeZoneInvalid, input: value });
    return z.NEVER;
  });

/** A shop's name at creation and on every rename: its length and the characters it may use. */
const shopNameRules = [
  maxLength(SHOP_NAME_MAX_LENGTH, SHOP_MESSAGES.nameTooLong),
  matches(SHOP_NAME_PATTERN, SHOP_MESSAGES.nameInvalid),
];

/** Create shop: name and an optional industry. Logo and banner: `checkCreateShopFiles`. */
export const createShopSchema = z.object({
  name: textField({ required: SHOP_MESSAGES.nameRequired, rules: shopNameRules }),
  industry: z
    .union([z.enum(INDUSTRIES), z.literal("")], { error: SHOP_MESSAGES.industryInvalid })
    .nullish()
    .transform((value) => value || undefined),
});
export type CreateShopInput = z.input<typeof createShopSchema>;
export type CreateShopValues = z.output<typeof createShopSchema>;

/**
 * Customize Store: every field required. The name keeps the create-shop rules too, so a shop
 * cannot be renamed into a name it could not have been created with.
 */
export const storeSettingsSchema = z.object({
  name: textField({
    required: STORE_MESSAGES.nameInvalid,
    rules: [minLength(STORE_NAME_MIN_LENGTH, STORE_MESSAGES.nameInvalid), ...shopNameRules],
  }),
  tagline: textField({
    required: STORE_MESSAGES.taglineShort,
    rules: [
      minLength(TAGLINE_MIN_LENGTH, STORE_MESSAGES.taglineShort),
      maxLength(TAGLINE_MAX_LENGTH, STORE_MESSAGES.taglineLong),
    ],
  }),
  industry: industryField(STORE_MESSAGES.industryRequired),
  fontStyle: z.enum(FONT_STYLES, { error: STORE_MESSAGES.fontStyleRequired }),
  primaryColor: colorField(STORE_MESSAGES.primaryColorInvalid),
  secondaryColor: colorField(STORE_MESSAGES.secondaryColorInvalid),
  timeZone: shopTimeZoneField,
  /** Whether an e-mailed sign-in code may create a customer account; kept when not sent. */
  codeSignUp: keptBooleanField,
  /** The language customers see unless they or their browser choose another; kept when not sent. */
  defaultLocale: z.enum(LOCALES, { error: STORE_MESSAGES.localeInvalid }).optional(),
  /** Whether a first visit follows the browser's languages (Accept-Language); kept when not sent. */
  followBrowserLocale: keptBooleanField,
});
export type StoreSettingsInput = z.input<typeof storeSettingsSchema>;
export type StoreSettingsValues = z.output<typeof storeSettingsSchema>;

/** PUT /shop/update-shop (multipart): the store fields plus the shop id; images optional. */
export const updateShopPayloadSchema = storeSettingsSchema.extend({ id: idSchema.optional() });
export type UpdateShopPayload = z.output<typeof updateShopPayloadSchema>;
