import { z } from "zod";
import {
  booleanField,
  dateOnlyField,
  idSchema,
  looseNumberInput,
  maxLength,
  minLength,
  type NumberInput,
  type NumberParseResult,
  numberField,
  optionalNumberField,
  optionalTextField,
  parseNumberInput,
  textField,
  whenFieldsValid,
} from "./common.ts";
import { OFFER_MESSAGES } from "./messages.ts";

export const OFFER_NAME_MIN_LENGTH = 3;
export const OFFER_NAME_MAX_LENGTH = 50;
export const OFFER_DESCRIPTION_MIN_LENGTH = 10;
export const OFFER_DESCRIPTION_MAX_LENGTH = 2000;
export const OFFER_INSTRUCTIONS_MAX_LENGTH = 500;

/**
 * Chosen ceilings. Prices are stored as integer cents and counts as integers: without a bound a
 * mistyped "99999999999" would overflow the column instead of being refused.
 */
export const MAX_OFFER_PRICE = 1_000_000;
export const MAX_OFFER_QUANTITY = 1_000_000;
export const MAX_OFFER_VALIDITY_DAYS = 3650;

const priceRules = {
  required: OFFER_MESSAGES.priceInvalid,
  invalid: OFFER_MESSAGES.priceInvalid,
  min: { value: 0, exclusive: true, message: OFFER_MESSAGES.priceInvalid },
  decimals: { places: 2, message: OFFER_MESSAGES.priceDecimals },
  max: { value: MAX_OFFER_PRICE, message: OFFER_MESSAGES.priceTooLarge },
} as const;

/** A positive whole number up to `max`, required only while its toggle is on. */
function parseCount(
  input: NumberInput,
  messages: { required: string; invalid: string; tooLarge: string },
  max: number,
): NumberParseResult {
  return parseNumberInput(input, {
    required: messages.required,
    invalid: messages.invalid,
    min: { value: 1, message: messages.invalid },
    integer: messages.invalid,
    max: { value: max, message: messages.tooLarge },
  });
}

const offerShape = {
  offerName: textField({
    required: OFFER_MESSAGES.nameRequired,
    rules: [
      minLength(OFFER_NAME_MIN_LENGTH, OFFER_MESSAGES.nameLength),
      maxLength(OFFER_NAME_MAX_LENGTH, OFFER_MESSAGES.nameLength),
    ],
  }),
  description: textField({
    required: OFFER_MESSAGES.descriptionRequired,
    rules: [
      minLength(OFFER_DESCRIPTION_MIN_LENGTH, OFFER_MESSAGES.descriptionShort),
      maxLength(OFFER_DESCRIPTION_MAX_LENGTH, OFFER_MESSAGES.descriptionTooLong),
    ],
    multiline: true,
  }),
  redemptionInstructions: optionalTextField(
    [maxLength(OFFER_INSTRUCTIONS_MAX_LENGTH, OFFER_MESSAGES.instructionsTooLong)],
    { multiline: true },
  ),
  offerPrice: numberField(priceRules),
  originalPrice: optionalNumberField(priceRules),
  isLimited: booleanField,
  quantity: looseNumberInput,
  isLimitedPerUser: booleanField,
  limitPerUser: looseNumberInput,
  hasValidity: booleanField,
  validityDays: looseNumberInput,
  startDate: dateOnlyField({ required: OFFER_MESSAGES.startRequired }),
  endDate: dateOnlyField({ required: OFFER_MESSAGES.endRequired }),
};

export type OfferSchemaOptions = {
  /** The shop's calendar day ("YYYY-MM-DD", see `todayInTimeZone`): dates before it are past. */
  today: string;
  /**
   * On update, the offer's saved dates: a date that did not change is not checked against
   * today, so an offer that already started (or ended) can still be edited (DOMAIN).
   */
  current?: { startDate: string; endDate: string } | undefined;
};

/**
 * Create/Update Offer form and payload. Prices: positive, at most 2 decimals, the original
 * price (optional) above the offer price. Quantity, limit per user and validity days: positive
 * whole numbers when their toggle is on, and 0 when it is off (validityDays 0 = no expiry).
 * Dates: calendar days; a one-day offer (end = start) is allowed.
 *
 * The image is checked apart from the fields: `checkOfferImage`.
 */
export function makeOfferSchema({ today, current }: OfferSchemaOptions) {
  const startChanged = (start: string) => current === undefined || start !== current.startDate;
  const endChanged = (end: string) => current === undefined || end !== current.endDate;

  return (
    z
      .object({ ...offerShape, id: idSchema.optional() })
      .superRefine(
        (values, ctx) => {
          if (values.originalPrice !== undefined && values.originalPrice <= values.offerPrice) {
            ctx.addIssue({
              code: "custom",
              message: OFFER_MESSAGES.originalPriceNotHigher,
              path: ["originalPrice"],
            });
          }
        },
        { when: whenFieldsValid("offerPrice", "originalPrice") },
      )
      .superRefine(
        (values, ctx) => {
          const report = (path: string, result: NumberParseResult) => {
            if (!result.ok) ctx.addIssue({ code: "custom", message: result.message, path: [path] });
            return result.ok ? result.value : undefined;
          };
          const quantity = values.isLimited
            ? report(
                "quantity",
                parseCount(
                  values.quantity,
                  {
                    required: OFFER_MESSAGES.quantityRequired,
                    invalid: OFFER_MESSAGES.quantityInvalid,
                    tooLarge: OFFER_MESSAGES.quantityTooLarge,
                  },
                  MAX_OFFER_QUANTITY,
                ),
              )
            : undefined;
          const limit = values.isLimitedPerUser
            ? report(
                "limitPerUser",
                parseCount(
                  values.limitPerUser,
                  {
                    required: OFFER_MESSAGES.limitPerUserRequired,
                    invalid: OFFER_MESSAGES.limitPerUserInvalid,
                    tooLarge: OFFER_MESSAGES.limitPerUserTooLarge,
                  },
                  MAX_OFFER_QUANTITY,
                ),
              )
            : undefined;
          if (quantity !== undefined && limit !== undefined && limit > quantity) {
            ctx.addIssue({
              code: "custom",
              message: OFFER_MESSAGES.limitPerUserAboveQuantity,
              path: ["limitPerUser"],
            });
          }
          if (values.hasValidity) {
            report(
              "validityDays",
              parseCount(
                values.validityDays,
                {
                  required: OFFER_MESSAGES.validityRequired,
                  invalid: OFFER_MESSAGES.validityInvalid,
                  tooLarge: OFFER_MESSAGES.validityTooLarge,
                },
                MAX_OFFER_VALIDITY_DAYS,
              ),
            );
          }
        },
        { when: whenFieldsValid("isLimited", "isLimitedPerUser", "hasValidity") },
      )
      // The end rule runs before the start rule: a rule is skipped once its fields have issues,
      // and "start in the past" must not hide "end before start".
      .superRefine(
        (values, ctx) => {
          // ISO calendar days compare correctly as strings.
          if (values.endDate < values.startDate) {
            ctx.addIssue({
              code: "custom",
              message: OFFER_MESSAGES.endBeforeStart,
              path: ["endDate"],
            });
          } else if (endChanged(values.endDate) && values.endDate < today) {
            ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.endInPast, path: ["endDate"] });
          }
        },
        { when: whenFieldsValid("startDate", "endDate") },
      )
      .superRefine(
        (values, ctx) => {
          if (startChanged(values.startDate) && values.startDate < today) {
            ctx.addIssue({
              code: "custom",
              message: OFFER_MESSAGES.startInPast,
              path: ["startDate"],
            });
          }
        },
        { when: whenFieldsValid("startDate") },
      )
      .transform((values) => {
        const count = (on: boolean, input: NumberInput) =>
          on ? Number(typeof input === "string" ? input.trim() : input) : 0;
        return {
          ...values,
          originalPrice: values.originalPrice ?? null,
          redemptionInstructions: values.redemptionInstructions ?? null,
          quantity: count(values.isLimited, values.quantity),
          limitPerUser: count(values.isLimitedPerUser, values.limitPerUser),
          validityDays: count(values.hasValidity, values.validityDays),
        };
      })
  );
}

/** POST /offers/create-offer: every date rule applies. */
export function makeOfferCreateSchema(today: string) {
  return makeOfferSchema({ today });
}

/** Update /offers/update-offer-by-id: date rules apply to dates that changed. */
export function makeOfferUpdateSchema(
  today: string,
  current: { startDate: string; endDate: string },
) {
  return makeOfferSchema({ today, current });
}

export type OfferSchema = ReturnType<typeof makeOfferSchema>;
export type OfferInput = z.input<OfferSchema>;
export type OfferValues = z.output<OfferSchema>;
