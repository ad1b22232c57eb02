import {
  customerForgotPasswordParamsSchema,
  customerLoginPayloadSchema,
  customerSchema,
  customerSignInResponseSchema,
  customerSignUpPayloadSchema,
  customerSignUpResponseSchema,
  MAX_ID,
  messageResponseSchema,
  parseAcceptLanguage,
  pickLocale,
  verifyTokenQuerySchema,
  verifyTokenResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { signInText } from "../../infra/mailer/i18n";
import { bearerSecurity, requireCustomer } from "../../plugins/auth";
import {
  type AuthRoutesOptions,
  accountAuthRoutes,
  accountStep,
  resetPasswordStep,
} from "./account-routes";
import { setFirstPasswordRoute, signInCodeSteps } from "./code-routes";
import { toCustomerDto } from "./dto";
import { twoFactorRoutes } from "./two-factor-routes";

const tags = ["customer auth"];

/**
 * A refused customer sign-in in the language of the page that asked (the web app sends it as
 * `Accept-Language`): the login page does not ship the sign-in pages' words, so the server's
 * text arrives already translated. English stays the spec's text exactly.
 */
function inPageLanguage(error: unknown, acceptLanguage: string | undefined): unknown {
  const locale = pickLocale(parseAcceptLanguage(acceptLanguage));
  if (!(error instanceof AppError) || !locale || locale === "en") return error;
  const errors = error.details.errors
    ? Object.fromEntries(
        Object.entries(error.details.errors).map(([field, text]) => [
          field,
          signInText(locale, text),
        ]),
      )
    : undefined;
  return new AppError(error.code, signInText(locale, error.message), { ...error.details, errors });
}

const customerPasswordRoutes = accountAuthRoutes({
  tags,
  signUp: accountStep({
    url: "/api/v1/customer/auth/sign-up",
    summary: "Create a customer account in a shop",
    from: "body",
    input: customerSignUpPayloadSchema,
    response: customerSignUpResponseSchema,
    limit: "sign-up",
    run: (auth, body) => auth.signUpCustomer(body),
  }),
  signIn: accountStep({
    url: "/api/v1/customer/auth/sign-in",
    summary: "Sign in on a shop's page: a customer, or the shop's owner or staff",
    from: "body",
    input: customerLoginPayloadSchema,
    response: customerSignInResponseSchema,
    limit: "sign-in",
    run: (auth, body) => auth.signInCustomer(body),
    mapError: (error, request) => inPageLanguage(error, request.headers["accept-language"]),
  }),
  verifyToken: accountStep({
    url: "/api/v1/customer/auth/verify-pass-token",
    summary: "Check a customer's password-reset token",
    from: "querystring",
    input: verifyTokenQuerySchema.extend({
      shopId: z.coerce.number().int().positive().max(MAX_ID).optional(),
    }),
    response: verifyTokenResponseSchema,
    run: (auth, query) => auth.verifyResetToken(query.token, query.email, query.shopId),
  }),
  forgotPassword: accountStep({
    url: "/api/v1/customer/auth/forgot-password/:email/:shopId",
    summary: "Send a customer's password-reset link (same answer whether or not it exists)",
    from: "params",
    input: customerForgotPasswordParamsSchema,
    response: messageResponseSchema,
    limit: "forgot-password",
    run: (auth, params) => auth.forgotPassword(params),
  }),
  resetPassword: resetPasswordStep(
    "/api/v1/customer/auth/reset-password",
    "Set a customer's new password with a reset token",
  ),
  more: signInCodeSteps,
});

export const customerAuthRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  await app.register(customerPasswordRoutes, opts);
  await app.register(setFirstPasswordRoute, opts);
  // Two-factor sign-in (merchants) and the sessions list (every account), with the same options.
  await app.register(twoFactorRoutes, opts);

  app.get(
    "/api/v1/customer/auth/me",
    {
      schema: {
        tags,
        summary: "The signed-in customer (a Google sign-in returns only a token)",
        security: bearerSecurity,
        response: { 200: z.object({ customer: customerSchema }) },
      },
    },
    async (request) => ({ customer: toCustomerDto((await requireCustomer(request)).customer) }),
  );
};
