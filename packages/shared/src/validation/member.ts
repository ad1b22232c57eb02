import { z } from "zod";
import { type MerchantPaymentMethod, RENEWALS } from "../options.ts";
import {
  emailField,
  idSchema,
  isBlank,
  matches,
  maxLength,
  NAME_MAX_LENGTH,
  PERSON_NAME_PATTERN,
  parseNumberInput,
  textField,
  whenFieldsValid,
} from "./common.ts";
import { COMMON_MESSAGES, MEMBER_MESSAGES, PROFILE_MESSAGES } from "./messages.ts";
import { phoneCountryField, phoneInput, withPhoneNumber } from "./phone.ts";

/** Providers accepted whatever their domain looks like (spec: "common mail providers"). */
export const COMMON_EMAIL_PROVIDERS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "zoho.com",
  "yandex.com",
  "gmx.com",
  "mail.com",
  "fastmail.com",
] as const;

/**
 * The member e-mail domain rule: a common provider, an .edu/.org/.gov address, or a domain
 * with a dot that is longer than 4 characters ("ab.io" passes, "a.io" does not).
 */
export function isAcceptedEmailDomain(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if ((COMMON_EMAIL_PROVIDERS as readonly string[]).includes(domain)) return true;
  if (/\.(edu|org|gov)$/.test(domain)) return true;
  return domain.includes(".") && domain.length > 4;
}

function memberNameField(required: string) {
  return textField({
    required,
    rules: [
      maxLength(NAME_MAX_LENGTH, COMMON_MESSAGES.nameTooLong),
      matches(PERSON_NAME_PATTERN, MEMBER_MESSAGES.nameInvalid),
    ],
  });
}

const memberEmail = emailField(
  { required: MEMBER_MESSAGES.emailRequired, invalid: MEMBER_MESSAGES.emailInvalid },
  [[isAcceptedEmailDomain, MEMBER_MESSAGES.emailDomainInvalid]],
);

const memberContactShape = {
  firstName: memberNameField(MEMBER_MESSAGES.firstNameRequired),
  lastName: memberNameField(MEMBER_MESSAGES.lastNameRequired),
  email: memberEmail,
  phoneNumber: phoneInput,
  phoneCountry: phoneCountryField(PROFILE_MESSAGES.countryInvalid),
};

const memberPhoneMessages = {
  required: MEMBER_MESSAGES.phoneRequired,
  invalid: MEMBER_MESSAGES.phoneInvalid,
};

/**
 * The merchant's payment method for a member: "Card" and "Cash" are the labels of `pos` and
 * `cash` (DOMAIN), and either spelling is accepted.
 */
export function paymentMethodField(message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((value, ctx): MerchantPaymentMethod => {
      const method = toPaymentMethod(value);
      if (method) return method;
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    });
}

/** "Card"/"pos" → `pos`, "Cash"/"cash" → `cash`, anything else `undefined`. */
export function toPaymentMethod(
  value: string | null | undefined,
): MerchantPaymentMethod | undefined {
  const key = (value ?? "").trim().toLowerCase();
  if (key === "card" || key === "pos") return "pos";
  if (key === "cash") return "cash";
  return undefined;
}

/** A membership picked from a select: its id, "" or missing meaning none. */
const optionalMembershipId = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, ctx): number | undefined => {
    if (isBlank(value)) return undefined;
    const parsed = idSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: COMMON_MESSAGES.idInvalid, input: value });
    return z.NEVER;
  });

const optionalPlan = z
  .union([z.enum(RENEWALS), z.literal("")], { error: MEMBER_MESSAGES.planInvalid })
  .nullish()
  .transform((value) => value || undefined);

/**
 * Add New Member: contact details, an optional plan (membership id plus its renewal) and, when
 * a plan is chosen, a payment method (Card → `pos`, Cash → `cash`).
 */
export const newMemberSchema = withPhoneNumber(
  z
    .object({
      ...memberContactShape,
      membershipId: optionalMembershipId,
      planType: optionalPlan,
      paymentType: z.string().nullish(),
    })
    .superRefine(
      (values, ctx) => {
        if (
          values.membershipId !== undefined &&
          toPaymentMethod(values.paymentType) === undefined
        ) {
          ctx.addIssue({
            code: "custom",
            message: MEMBER_MESSAGES.paymentTypeRequired,
            path: ["paymentType"],
          });
        }
      },
      { when: whenFieldsValid("membershipId", "paymentType") },
    ),
  memberPhoneMessages,
).transform((values) => ({
  ...values,
  paymentType: values.membershipId === undefined ? undefined : toPaymentMethod(values.paymentType),
}));
export type NewMemberInput = z.input<typeof newMemberSchema>;
export type NewMemberValues = z.output<typeof newMemberSchema>;

/** Update Member: the same contact rules (the e-mail is shown read-only). */
export const updateMemberSchema = withPhoneNumber(
  z.object(memberContactShape),
  memberPhoneMessages,
);
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;
export type UpdateMemberValues = z.output<typeof updateMemberSchema>;

/** Update member payload: userId plus the contact fields. */
export const updateMemberPayloadSchema = withPhoneNumber(
  z.object({ userId: idSchema, ...memberContactShape }),
  memberPhoneMessages,
);
export type UpdateMemberPayload = z.output<typeof updateMemberPayloadSchema>;

const requiredMembershipId = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx): number => {
    const parsed = idSchema.safeParse(value);
    if (!isBlank(value) && parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message, input: value });
    return z.NEVER;
  });

/** Manage Membership modal: a membership (with its plan) and Card or Cash. */
export const manageMembershipSchema = z.object({
  membershipId: requiredMembershipId(MEMBER_MESSAGES.membershipRequired),
  plan: optionalPlan,
  paymentType: paymentMethodField(MEMBER_MESSAGES.paymentTypeRequired),
});
export type ManageMembershipInput = z.input<typeof manageMembershipSchema>;
export type ManageMembershipValues = z.output<typeof manageMembershipSchema>;

export const DISCOUNT_MIN_PERCENT = 0;
export const DISCOUNT_MAX_PERCENT = 100;

const discountPercent = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, ctx): number => {
    // An empty discount field means no discount.
    if (isBlank(value)) return 0;
    const result = parseNumberInput(value, {
      required: MEMBER_MESSAGES.discountInvalid,
      min: { value: DISCOUNT_MIN_PERCENT, message: MEMBER_MESSAGES.discountInvalid },
      max: { value: DISCOUNT_MAX_PERCENT, message: MEMBER_MESSAGES.discountInvalid },
      decimals: { places: 2, message: MEMBER_MESSAGES.discountInvalid },
    });
    if (result.ok) return result.value;
    ctx.addIssue({ code: "custom", message: result.message, input: value });
    return z.NEVER;
  });

/** Discount step of Add New Member (/set-payment): the membership and a percentage 0–100. */
export const memberDiscountSchema = z.object({
  membershipId: requiredMembershipId(MEMBER_MESSAGES.discountMembershipRequired),
  discount: discountPercent,
});
export type MemberDiscountInput = z.input<typeof memberDiscountSchema>;
export type MemberDiscountValues = z.output<typeof memberDiscountSchema>;

/**
 * Payment-step payload: paymentType, discount, finalPrice, membershipId and the new member's
 * firstName, lastName, email, phone. `finalPrice` is what the screen showed; the server
 * recomputes it from the tier price and the discount (`applyDiscount`) and never trusts it.
 */
export const memberPaymentPayloadSchema = withPhoneNumber(
  z.object({
    firstName: memberContactShape.firstName,
    lastName: memberContactShape.lastName,
    email: memberContactShape.email,
    phone: phoneInput,
    phoneCountry: memberContactShape.phoneCountry,
    membershipId: requiredMembershipId(MEMBER_MESSAGES.discountMembershipRequired),
    planType: optionalPlan,
    paymentType: paymentMethodField(MEMBER_MESSAGES.paymentTypeRequired),
    discount: discountPercent,
    finalPrice: z.number().nonnegative().optional(),
  }),
  memberPhoneMessages,
  "phone",
);
export type MemberPaymentPayload = z.output<typeof memberPaymentPayloadSchema>;
