import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";
import { MAX_ID } from "../ids.ts";

/**
 * Response shapes of the access calls (auth, user, shop). The server serialises through these,
 * so a column that is not listed here never leaves it.
 */

export const merchantRoleSchema = z.enum(["owner", "staff"]);
export type MerchantRole = z.infer<typeof merchantRoleSchema>;

/** An account's profile, merchant user or customer alike: name, phone, picture, e-mail check. */
const accountProfileFields = {
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  profilePicture: z.string().nullable(),
  emailVerified: z.boolean(),
};

/** A platform user (shop owner or staff) as the merchant screens see it. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  userName: z.string(),
  ...accountProfileFields,
  role: merchantRoleSchema,
  /** Free-text staff role ("Barista"); null for the owner. */
  staffRole: z.string().nullable(),
  /** The shop this user works in: owned or employed. Null until an owner creates one. */
  shopId: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A shop's public face: everything the storefront and branded pages need. */
export const shopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  industry: z.string().nullable(),
  tagline: z.string().nullable(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  fontStyle: z.string(),
  timeZone: z.string(),
  /** New customers may join with an e-mailed sign-in code (no password). */
  codeSignUp: z.boolean(),
  /** The customer side's language unless the visitor or their browser chooses another. */
  defaultLocale: z.enum(LOCALES),
  /** Whether a first visit follows the browser's languages. */
  followBrowserLocale: z.boolean(),
});
export type Shop = z.infer<typeof shopSchema>;

/** A customer of one shop, as the customer area sees itself. */
export const customerSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  contactId: z.string().nullable(),
  email: z.string(),
  ...accountProfileFields,
  /** False for a customer who signs in only by code or with Google; they may set one. */
  hasPassword: z.boolean(),
  /** The language the customer chose; their e-mails are written in it. Null: never chosen. */
  locale: z.enum(LOCALES).nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A sign-up's answer: the welcome message and the new account's session token. */
const signedUpSchema = z.object({ message: z.string(), token: z.string() });

/** POST /auth/sign-up → 201 */
export const signUpResponseSchema = signedUpSchema.extend({ user: userSchema });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** POST /auth/sign-in */
export const signInResponseSchema = z.object({ token: z.string(), user: userSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/**
 * The sign-in answer when a merchant user owes a second step: a code (2FA on) or enrolment (their
 * shop requires 2FA of staff). The challenge goes to POST /auth/two-factor/... (two-factor.ts).
 */
export const twoFactorChallengeSchema = z.object({
  challenge: z.string(),
  mode: z.enum(["verify", "enrol"]),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export const twoFactorPendingSchema = z.object({ twoFactor: twoFactorChallengeSchema });
export type TwoFactorPending = z.infer<typeof twoFactorPendingSchema>;

/**
 * POST /customer/auth/sign-in: a customer of the shop, or — when the credentials are the shop's
 * owner's or staff's — the merchant, who then goes to the merchant area.
 */
export const customerSignInResponseSchema = z.union([
  z.object({ token: z.string(), customer: customerSchema }),
  z.object({ token: z.string(), merchant: userSchema }),
  twoFactorPendingSchema,
]);
export type CustomerSignInResponse = z.infer<typeof customerSignInResponseSchema>;

/** POST /customer/auth/sign-up → 201 */
export const customerSignUpResponseSchema = signedUpSchema.extend({ customer: customerSchema });
export type CustomerSignUpResponse = z.infer<typeof customerSignUpResponseSchema>;

/** GET /auth/verify-token and /customer/auth/verify-pass-token: the token is good. */
export const verifyTokenResponseSchema = z.object({ message: z.string(), email: z.string() });
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

/** GET /auth/providers: which third-party sign-ins are configured (buttons hide otherwise). */
export const authProvidersResponseSchema = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** GET /user/get-user */
export const getUserResponseSchema = z.object({ user: userSchema });

/** GET /shop/get-shop-by-userId: null until the owner creates a shop. */
export const getMyShopResponseSchema = z.object({ shop: shopSchema.nullable() });

/** GET /shop/get-shop-by-Id?shopId= (public) */
export const getShopResponseSchema = z.object({ shop: shopSchema });

/** POST /shop/create-shop → 201 */
export const createShopResponseSchema = z.object({ message: z.string(), shop: shopSchema });

/** Customer sign-in by shop: `?shopId=` on the customer Google start. */
export const shopIdQuerySchema = z.object({
  shopId: z.coerce.number().int().positive().max(MAX_ID),
});

export { ACCESS_MESSAGES } from "./texts.ts";
