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
  resetPasswordPayloadSchema,
  verifyTokenQuerySchema,
  verifyTokenResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { signInText } from "../../infra/mailer/i18n";
import { bearerSecurity, requireCustomer } from "../../plugins/auth";
import { signInCodeRoutes } from "./code-routes";
import { toCustomerDto } from "./dto";
import { type AuthRoutesOptions, limitAttempts } from "./routes";
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

export const customerAuthRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, limiter } = opts;
  await app.register(signInCodeRoutes, opts);
  // Two-factor sign-in (merchants) and the sessions list (every account), with the same options.
  await app.register(twoFactorRoutes, opts);

  app.post(
    "/api/v1/customer/auth/sign-up",
    {
      schema: {
        tags,
        summary: "Create a customer account in a shop",
        body: customerSignUpPayloadSchema,
        response: { 201: customerSignUpResponseSchema },
      },
    },
    async (request, reply) => {
      await limitAttempts(limiter, request, "sign-up", request.body.email);
      return reply.code(201).send(await auth.signUpCustomer(request.body));
    },
  );

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

  app.post(
    "/api/v1/customer/auth/sign-in",
    {
      schema: {
        tags,
        summary: "Sign in on a shop's page: a customer, or the shop's owner or staff",
        body: customerLoginPayloadSchema,
        response: { 200: customerSignInResponseSchema },
      },
    },
    async (request) => {
      try {
        await limitAttempts(limiter, request, "sign-in", request.body.email);
        return await auth.signInCustomer(request.body);
      } catch (error) {
        throw inPageLanguage(error, request.headers["accept-language"]);
      }
    },
  );

  app.get(
    "/api/v1/customer/auth/verify-pass-token",
    {
      schema: {
        tags,
        summary: "Check a customer's password-reset token",
        querystring: verifyTokenQuerySchema.extend({
          shopId: z.coerce.number().int().positive().max(MAX_ID).optional(),
        }),
        response: { 200: verifyTokenResponseSchema },
      },
    },
    async (request) =>
      auth.verifyResetToken(request.query.token, request.query.email, request.query.shopId),
  );

  app.post(
    "/api/v1/customer/auth/forgot-password/:email/:shopId",
    {
      schema: {
        tags,
        summary: "Send a customer's password-reset link (same answer whether or not it exists)",
        params: customerForgotPasswordParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limitAttempts(limiter, request, "forgot-password", request.params.email);
      return auth.forgotPassword(request.params);
    },
  );

  app.post(
    "/api/v1/customer/auth/reset-password",
    {
      schema: {
        tags,
        summary: "Set a customer's new password with a reset token",
        body: resetPasswordPayloadSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => auth.resetPassword(request.body),
  );
};
