import { z } from "zod";
import { SIGN_IN_CODE_MESSAGES } from "../contracts/sign-in-code-texts.ts";
import {
  emailField,
  matches,
  maxLength,
  NAME_MAX_LENGTH,
  PERSON_NAME_PATTERN,
  shopIdSchema,
  textField,
} from "./common.ts";
import { COMMON_MESSAGES, LOGIN_MESSAGES, SIGN_UP_MESSAGES } from "./messages.ts";

/** POST /customer/auth/sign-in-code */
export const signInCodeRequestSchema = z.object({
  shopId: shopIdSchema,
  email: emailField({
    required: LOGIN_MESSAGES.emailInvalid,
    invalid: LOGIN_MESSAGES.emailInvalid,
  }),
});
export type SignInCodeRequest = z.output<typeof signInCodeRequestSchema>;

const nameField = (required: string) =>
  textField({
    required,
    rules: [
      maxLength(NAME_MAX_LENGTH, COMMON_MESSAGES.nameTooLong),
      matches(PERSON_NAME_PATTERN, SIGN_UP_MESSAGES.customer.nameInvalid),
    ],
  }).optional();

/**
 * POST /customer/auth/sign-in-code/verify: the typed code (with the e-mail) or the link's
 * token. A new customer adds a name, asked for when the first answer is `needsName`.
 */
export const signInCodeVerifySchema = z
  .object({
    shopId: shopIdSchema,
    email: emailField({
      required: LOGIN_MESSAGES.emailInvalid,
      invalid: LOGIN_MESSAGES.emailInvalid,
    }).optional(),
    code: z
      .string()
      .transform((v) => v.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, SIGN_IN_CODE_MESSAGES.codeFormat))
      .optional(),
    token: z.string().min(1).max(100).optional(),
    firstName: nameField(SIGN_UP_MESSAGES.customer.firstNameRequired),
    lastName: nameField(SIGN_UP_MESSAGES.customer.lastNameRequired),
  })
  .refine((v) => Boolean(v.token) || Boolean(v.email && v.code), {
    message: SIGN_IN_CODE_MESSAGES.codeFormat,
    path: ["code"],
  });
export type SignInCodeVerify = z.output<typeof signInCodeVerifySchema>;
