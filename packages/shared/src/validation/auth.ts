import { z } from "zod";
import {
  emailField,
  matches,
  maxLength,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
  PERSON_NAME_PATTERN,
  passwordField,
  requiredString,
  shopIdSchema,
  textField,
  whenFieldsValid,
} from "./common.ts";
import {
  CHANGE_PASSWORD_MESSAGES,
  COMMON_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  RESET_PASSWORD_MESSAGES,
  SET_PASSWORD_MESSAGES,
  SIGN_UP_MESSAGES,
} from "./messages.ts";

// ---------------------------------------------------------------------------------------------
// Login

/**
 * Login form and payload (merchant at `/`, customer at `/{shopId}/login`). The password is
 * checked against the platform rule too (spec §5), so a mistyped short password is caught early.
 */
export const loginSchema = z.object({
  email: emailField({
    required: LOGIN_MESSAGES.emailInvalid,
    invalid: LOGIN_MESSAGES.emailInvalid,
  }),
  password: textField({
    required: LOGIN_MESSAGES.passwordRequired,
    trim: false,
    rules: [
      maxLength(PASSWORD_MAX_LENGTH, LOGIN_MESSAGES.passwordInvalid),
      matches(PASSWORD_PATTERN, LOGIN_MESSAGES.passwordInvalid),
    ],
  }),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

/** Merchant login payload: the form's fields. */
export const loginPayloadSchema = loginSchema;
export type LoginPayload = z.output<typeof loginPayloadSchema>;

/** POST /customer/auth/sign-in */
export const customerLoginPayloadSchema = loginSchema.extend({ shopId: shopIdSchema });
export type CustomerLoginPayload = z.output<typeof customerLoginPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Sign-up

type SignUpWording = (typeof SIGN_UP_MESSAGES)[keyof typeof SIGN_UP_MESSAGES];

function personNameField(required: string, invalid: string) {
  return textField({
    required,
    rules: [
      maxLength(NAME_MAX_LENGTH, COMMON_MESSAGES.nameTooLong),
      matches(PERSON_NAME_PATTERN, invalid),
    ],
  });
}

function signUpShape(m: SignUpWording) {
  return {
    firstName: personNameField(m.firstNameRequired, m.nameInvalid),
    lastName: personNameField(m.lastNameRequired, m.nameInvalid),
    email: emailField({ required: m.emailRequired, invalid: m.emailInvalid }),
    password: passwordField({ required: m.passwordRequired, invalid: m.passwordInvalid }),
  };
}

/**
 * Adds a confirmation field that must equal `password`. The mismatch rule runs as soon as the
 * confirmation itself is filled in, whatever the state of the other fields.
 */
function withConfirmation<
  S extends z.ZodRawShape & { password: z.ZodType<string, string> },
  K extends string,
>(shape: S, key: K, messages: { required: string; mismatch: string }) {
  return z
    .object({ ...shape, [key]: requiredString(messages.required) } as S &
      Record<K, ReturnType<typeof requiredString>>)
    .superRefine(
      (values, ctx) => {
        const record = values as Record<string, unknown>;
        if (record[key] !== record.password) {
          ctx.addIssue({ code: "custom", message: messages.mismatch, path: [key] });
        }
      },
      { when: whenFieldsValid(key) },
    );
}

const merchantSignUpShape = signUpShape(SIGN_UP_MESSAGES.merchant);
const customerSignUpShape = signUpShape(SIGN_UP_MESSAGES.customer);

/** Merchant sign-up form at /register (first wordings). */
export const merchantSignUpSchema = withConfirmation(merchantSignUpShape, "reTypePassword", {
  required: SIGN_UP_MESSAGES.merchant.reTypeRequired,
  mismatch: SIGN_UP_MESSAGES.merchant.mismatch,
});
export type MerchantSignUpInput = z.input<typeof merchantSignUpSchema>;
export type MerchantSignUpValues = z.output<typeof merchantSignUpSchema>;

/** Customer sign-up form at /{shopId}/register (second wordings). */
export const customerSignUpSchema = withConfirmation(customerSignUpShape, "reTypePassword", {
  required: SIGN_UP_MESSAGES.customer.reTypeRequired,
  mismatch: SIGN_UP_MESSAGES.customer.mismatch,
});
export type CustomerSignUpInput = z.input<typeof customerSignUpSchema>;
export type CustomerSignUpValues = z.output<typeof customerSignUpSchema>;

/** Merchant sign-up payload: reTypePassword stays in the browser. */
export const signUpPayloadSchema = z.object(merchantSignUpShape);
export type SignUpPayload = z.output<typeof signUpPayloadSchema>;

/** POST /customer/auth/sign-up */
export const customerSignUpPayloadSchema = z.object({
  ...customerSignUpShape,
  shopId: shopIdSchema,
});
export type CustomerSignUpPayload = z.output<typeof customerSignUpPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Forgot and reset password

const forgotEmail = emailField({
  required: FORGOT_PASSWORD_MESSAGES.emailInvalid,
  invalid: FORGOT_PASSWORD_MESSAGES.emailInvalid,
});

/** Forgot-password form and merchant payload. */
export const forgotPasswordSchema = z.object({ email: forgotEmail });
export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;

/** Customer forgot-password: POST /customer/auth/forgot-password/{email}/{shopId} (path params). */
export const customerForgotPasswordParamsSchema = z.object({
  email: forgotEmail,
  shopId: shopIdSchema,
});
export type CustomerForgotPasswordParams = z.output<typeof customerForgotPasswordParamsSchema>;

const resetPasswordShape = {
  password: passwordField({
    required: RESET_PASSWORD_MESSAGES.passwordRequired,
    invalid: RESET_PASSWORD_MESSAGES.passwordInvalid,
  }),
};

/** Reset-password form (merchant and customer pages). */
export const resetPasswordSchema = withConfirmation(resetPasswordShape, "confirmPassword", {
  required: RESET_PASSWORD_MESSAGES.confirmRequired,
  mismatch: RESET_PASSWORD_MESSAGES.mismatch,
});
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

const tokenField = requiredString(COMMON_MESSAGES.tokenRequired);

/**
 * The refinement a password confirmation field gets: `confirm` must repeat `password`, checked
 * once `confirm` itself is valid; an absent confirmation (an API call without one) is not checked.
 */
function confirmationRule<C extends string, P extends string>(
  confirm: C,
  password: P,
  message: string,
) {
  return [
    (values: { [K in C | P]?: string }, ctx: z.RefinementCtx) => {
      if (values[confirm] !== undefined && values[confirm] !== values[password]) {
        ctx.addIssue({ code: "custom", message, path: [confirm] });
      }
    },
    { when: whenFieldsValid(confirm) },
  ] as const;
}

/**
 * Reset payload: token, email, password; the customer call also sends confirmPassword, which
 * must then match.
 */
export const resetPasswordPayloadSchema = z
  .object({
    token: tokenField,
    email: forgotEmail.optional(),
    ...resetPasswordShape,
    confirmPassword: z.string().optional(),
  })
  .superRefine(
    ...confirmationRule("confirmPassword", "password", RESET_PASSWORD_MESSAGES.mismatch),
  );
export type ResetPasswordPayload = z.output<typeof resetPasswordPayloadSchema>;

/** GET token checks: `?token=…&email=…` */
export const verifyTokenQuerySchema = z.object({
  token: tokenField,
  email: forgotEmail.optional(),
});
export type VerifyTokenQuery = z.output<typeof verifyTokenQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Set a first password from an invitation

type SetPasswordWording = (typeof SET_PASSWORD_MESSAGES)[keyof typeof SET_PASSWORD_MESSAGES];

function setPasswordSchemaFor(m: SetPasswordWording) {
  return withConfirmation(
    { password: passwordField({ required: m.passwordRequired, invalid: m.passwordInvalid }) },
    "confirmPassword",
    { required: m.confirmRequired, mismatch: m.mismatch },
  );
}

/** /set-password and /employee/set-password (staff: merchant wording). */
export const setPasswordSchema = setPasswordSchemaFor(SET_PASSWORD_MESSAGES.merchant);
/** A customer added by a merchant choosing a first password (customer wording). */
export const customerSetPasswordSchema = setPasswordSchemaFor(SET_PASSWORD_MESSAGES.customer);
export type SetPasswordValues = z.output<typeof setPasswordSchema>;

/** POST /employees/set-password: token, password, confirmPassword. */
export const setPasswordPayloadSchema = withConfirmation(
  {
    token: tokenField,
    password: passwordField({
      required: SET_PASSWORD_MESSAGES.merchant.passwordRequired,
      invalid: SET_PASSWORD_MESSAGES.merchant.passwordInvalid,
    }),
  },
  "confirmPassword",
  {
    required: SET_PASSWORD_MESSAGES.merchant.confirmRequired,
    mismatch: SET_PASSWORD_MESSAGES.merchant.mismatch,
  },
);
export type SetPasswordPayload = z.output<typeof setPasswordPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Change password (signed in)

const changePasswordShape = {
  currentPassword: requiredString(CHANGE_PASSWORD_MESSAGES.currentRequired),
  newPassword: passwordField({
    required: CHANGE_PASSWORD_MESSAGES.newRequired,
    invalid: CHANGE_PASSWORD_MESSAGES.newInvalid,
  }),
};

function addSameAsCurrentRule<T extends { currentPassword: string; newPassword: string }>(
  values: T,
  ctx: z.RefinementCtx<T>,
) {
  if (values.newPassword === values.currentPassword) {
    ctx.addIssue({
      code: "custom",
      message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
      path: ["newPassword"],
    });
  }
}

/** Update Password form: currentPassword, newPassword, confirmNewPassword. */
export const changePasswordSchema = z
  .object({ ...changePasswordShape, confirmNewPassword: z.string().optional().default("") })
  .superRefine(addSameAsCurrentRule, { when: whenFieldsValid("currentPassword", "newPassword") })
  .superRefine(
    ...confirmationRule("confirmNewPassword", "newPassword", CHANGE_PASSWORD_MESSAGES.mismatch),
  );
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

/** Password change payload: only currentPassword and newPassword leave the browser. */
export const changePasswordPayloadSchema = z
  .object(changePasswordShape)
  .superRefine(addSameAsCurrentRule, { when: whenFieldsValid("currentPassword", "newPassword") });
export type ChangePasswordPayload = z.output<typeof changePasswordPayloadSchema>;
