import { z } from "zod";
import { EDITABLE_MEMBERSHIP_STATUSES, RENEWALS } from "../options.ts";
import { idSchema, maxLength, numberField, textField, whenFieldsValid } from "./common.ts";
import { MEMBERSHIP_MESSAGES } from "./messages.ts";

export const MEMBERSHIP_NAME_MAX_LENGTH = 100;
export const MEMBERSHIP_DESCRIPTION_MAX_LENGTH = 1000;
export const BENEFIT_NAME_MAX_LENGTH = 100;
export const BENEFIT_TYPES = ["monthly"] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];

/** `monthly` or `yearly`, any case ("Monthly" is how the label reads). */
export function renewalField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.enum(RENEWALS, { error: message }));
}

/**
 * Chosen: the largest price, cashback or benefit worth. Amounts are stored as integer cents, and
 * without a ceiling a mistyped "99999999999" would overflow the column instead of being refused.
 */
export const MAX_MEMBERSHIP_AMOUNT = 1_000_000;

/** A dollar amount above $0 with at most two decimals. */
function positiveDollars(required: string, invalid: string) {
  return numberField({
    required,
    invalid,
    min: { value: 0, exclusive: true, message: invalid },
    decimals: { places: 2, message: MEMBERSHIP_MESSAGES.amountDecimals },
    max: { value: MAX_MEMBERSHIP_AMOUNT, message: MEMBERSHIP_MESSAGES.amountTooLarge },
  });
}

/** One benefit row: a name that is not only digits and a worth above $0. */
export const benefitSchema = z.object({
  id: idSchema.optional(),
  name: textField({
    required: MEMBERSHIP_MESSAGES.benefitNameRequired,
    rules: [
      [(value) => !/^\d+$/.test(value), MEMBERSHIP_MESSAGES.benefitNameDigitsOnly],
      maxLength(BENEFIT_NAME_MAX_LENGTH, MEMBERSHIP_MESSAGES.benefitNameTooLong),
    ],
  }),
  worth: positiveDollars(
    MEMBERSHIP_MESSAGES.benefitWorthInvalid,
    MEMBERSHIP_MESSAGES.benefitWorthInvalid,
  ),
  benefitType: z.enum(BENEFIT_TYPES).default("monthly"),
});
export type BenefitInput = z.input<typeof benefitSchema>;
export type BenefitValues = z.output<typeof benefitSchema>;

/** Whether the last benefit row is complete, so the form may add another (merchant §4). */
export function canAddBenefitRow(rows: readonly BenefitInput[]): boolean {
  const last = rows.at(-1);
  return last === undefined || benefitSchema.safeParse(last).success;
}

const tierShape = {
  name: textField({
    required: MEMBERSHIP_MESSAGES.nameRequired,
    rules: [maxLength(MEMBERSHIP_NAME_MAX_LENGTH, MEMBERSHIP_MESSAGES.nameTooLong)],
  }),
  description: textField({
    required: MEMBERSHIP_MESSAGES.descriptionRequired,
    rules: [maxLength(MEMBERSHIP_DESCRIPTION_MAX_LENGTH, MEMBERSHIP_MESSAGES.descriptionTooLong)],
    multiline: true,
  }),
  price: positiveDollars(MEMBERSHIP_MESSAGES.priceRequired, MEMBERSHIP_MESSAGES.priceInvalid),
  cashbackReward: positiveDollars(
    MEMBERSHIP_MESSAGES.cashbackRequired,
    MEMBERSHIP_MESSAGES.cashbackInvalid,
  ),
  renewal: renewalField(MEMBERSHIP_MESSAGES.renewalRequired),
  rewardFrequency: z
    .union([renewalField(MEMBERSHIP_MESSAGES.rewardFrequencyInvalid), z.literal("")], {
      error: MEMBERSHIP_MESSAGES.rewardFrequencyInvalid,
    })
    .nullish()
    .transform((value) => value || undefined),
  status: z
    .enum(EDITABLE_MEMBERSHIP_STATUSES, { error: MEMBERSHIP_MESSAGES.statusInvalid })
    .default("active"),
  Benefits: z.array(benefitSchema).min(1, { error: MEMBERSHIP_MESSAGES.benefitsRequired }),
};

/**
 * `rewardFrequency` (how often the cashback is credited) defaults to the renewal period and may
 * be shorter than it (a yearly plan crediting monthly), never longer.
 */
function withTierRules<S extends z.ZodObject<typeof tierShape>>(schema: S) {
  return schema
    .superRefine(
      (values, ctx) => {
        if (values.renewal === "monthly" && values.rewardFrequency === "yearly") {
          ctx.addIssue({
            code: "custom",
            message: MEMBERSHIP_MESSAGES.rewardFrequencyTooLong,
            path: ["rewardFrequency"],
          });
        }
      },
      { when: whenFieldsValid("renewal", "rewardFrequency") },
    )
    .transform((values) => ({
      ...(values as z.output<S>),
      rewardFrequency: values.rewardFrequency ?? values.renewal,
    }));
}

/**
 * Create/Edit Membership Tier and POST /memberships/create-membership. `Benefits` keeps the
 * spec's capitalised payload key; the form always has at least one row.
 */
export const membershipTierSchema = withTierRules(z.object(tierShape));
export type MembershipTierInput = z.input<typeof membershipTierSchema>;
export type MembershipTierValues = z.output<typeof membershipTierSchema>;

/** Update /memberships/update-membership-by-id: the same fields plus id. */
export const updateMembershipTierSchema = withTierRules(z.object({ ...tierShape, id: idSchema }));
export type UpdateMembershipTierValues = z.output<typeof updateMembershipTierSchema>;
