import {
  ACCESS_MESSAGES,
  authProvidersResponseSchema,
  changePasswordPayloadSchema,
  emailField,
  FORGOT_PASSWORD_MESSAGES,
  forgotPasswordSchema,
  getUserResponseSchema,
  loginPayloadSchema,
  MAX_ID,
  merchantSignInResponseSchema,
  messageResponseSchema,
  resetPasswordPayloadSchema,
  setPasswordPayloadSchema,
  shopIdSchema,
  signUpPayloadSchema,
  signUpResponseSchema,
  updateUserResponseSchema,
  verifyTokenQuerySchema,
  verifyTokenResponseSchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { profilePictureRules, readFileField } from "../../infra/images";
import type { RateLimiter } from "../../infra/rate-limit";
import { bearerSecurity, requireMerchant } from "../../plugins/auth";
import type { AuthService } from "./service";

export type AuthRoutesOptions = {
  auth: AuthService;
  limiter: RateLimiter;
  googleEnabled: boolean;
};

/** Per IP and per e-mail, for the calls someone could hammer to guess or to spam. */
export async function limitAttempts(
  limiter: RateLimiter,
  request: FastifyRequest,
  action: string,
  email?: string,
) {
  const keys = [`${action}:ip:${request.ip}`];
  if (email) keys.push(`${action}:email:${email.toLowerCase()}`);
  await limiter.hit(keys, ACCESS_MESSAGES.tooManyRequests);
}

const resendBodySchema = z.object({
  email: emailField({
    required: FORGOT_PASSWORD_MESSAGES.emailInvalid,
    invalid: FORGOT_PASSWORD_MESSAGES.emailInvalid,
  }),
  shopId: shopIdSchema.optional(),
});

const verifyEmailQuerySchema = z.object({
  token: z.string().default(""),
  email: z.string().default(""),
  shopId: z.coerce.number().int().positive().max(MAX_ID).optional().catch(undefined),
});

const tags = ["auth"];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, limiter } = opts;

  app.post(
    "/api/v1/auth/sign-up",
    {
      schema: {
        tags,
        summary: "Create a merchant account (sends the verification e-mail)",
        body: signUpPayloadSchema,
        response: { 201: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      await limitAttempts(limiter, request, "sign-up", request.body.email);
      return reply.code(201).send(await auth.signUpMerchant(request.body));
    },
  );

  app.post(
    "/api/v1/auth/sign-in",
    {
      schema: {
        tags,
        summary: "Merchant (owner or staff) sign-in",
        body: loginPayloadSchema,
        response: { 200: merchantSignInResponseSchema },
      },
    },
    async (request) => {
      await limitAttempts(limiter, request, "sign-in", request.body.email);
      return auth.signInMerchant(request.body);
    },
  );

  app.get(
    "/api/v1/auth/verify-token",
    {
      schema: {
        tags,
        summary: "Check a password-reset token before showing the form",
        querystring: verifyTokenQuerySchema,
        response: { 200: verifyTokenResponseSchema },
      },
    },
    async (request) => auth.verifyResetToken(request.query.token, request.query.email),
  );

  app.get(
    "/api/v1/auth/verify-email",
    {
      schema: {
        tags,
        summary: "The link in the verification e-mail: verifies, then redirects to the app",
        querystring: verifyEmailQuerySchema,
      },
    },
    async (request, reply) => {
      const { token, email, shopId } = request.query;
      return reply.redirect(await auth.verifyEmail(token, email, shopId), 302);
    },
  );

  app.post(
    "/api/v1/auth/forgot-password",
    {
      schema: {
        tags,
        summary: "Send a password-reset link (same answer whether or not the address exists)",
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limitAttempts(limiter, request, "forgot-password", request.body.email);
      return auth.forgotPassword({ email: request.body.email });
    },
  );

  app.post(
    "/api/v1/auth/reset-password",
    {
      schema: {
        tags,
        summary: "Set a new password with a reset token",
        body: resetPasswordPayloadSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => auth.resetPassword(request.body),
  );

  app.post(
    "/api/v1/auth/resend-verify-email",
    {
      schema: {
        tags,
        summary: "Send the verification e-mail again (with shopId for a customer)",
        body: resendBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limitAttempts(limiter, request, "resend", request.body.email);
      return auth.resendVerification(request.body);
    },
  );

  app.put(
    "/api/v1/auth/update-password",
    {
      schema: {
        tags,
        summary: "Change the signed-in account's password (ends its other sessions)",
        security: bearerSecurity,
        body: changePasswordPayloadSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => auth.updatePassword(await requireMerchant(request), request.body),
  );

  app.post(
    "/api/v1/auth/logout",
    {
      schema: {
        tags,
        summary: "End this session",
        security: bearerSecurity,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const session = await request.getSession();
      // Logging out twice, or with a dead token, is still a success: the token is gone.
      if (!session) return { message: ACCESS_MESSAGES.loggedOut };
      return auth.logout(session);
    },
  );

  app.get(
    "/api/v1/auth/providers",
    {
      schema: {
        tags,
        summary: "Which third-party sign-ins are configured",
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({ google: opts.googleEnabled }),
  );

  app.get(
    "/api/v1/user/get-user",
    {
      schema: {
        tags: ["user"],
        summary: "The signed-in merchant user",
        security: bearerSecurity,
        response: { 200: getUserResponseSchema },
      },
    },
    async (request) => auth.getUser(await requireMerchant(request)),
  );

  app.post(
    "/api/v1/user/update-user",
    {
      schema: {
        tags: ["user"],
        summary: "Update the signed-in merchant's profile",
        description:
          "multipart/form-data with `firstName` and `lastName` (3+ letters and spaces), optional `phoneNumber` (valid for `phoneCountry` — alias `country` — an ISO code, default US; stored in E.164; empty clears it) and optional `profilePicture` (JPG/JPEG/PNG, up to 5MB).",
        consumes: ["multipart/form-data"],
        security: bearerSecurity,
        response: { 200: updateUserResponseSchema },
      },
    },
    async (request) => {
      const session = await requireMerchant(request);
      const { file, fields } = await readFileField(request, profilePictureRules);
      return auth.updateUser(session, fields, file?.buffer);
    },
  );

  app.post(
    "/api/v1/employees/set-password",
    {
      schema: {
        tags: ["staff"],
        summary: "A staff member sets a first password from the invitation link",
        body: setPasswordPayloadSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => auth.setStaffPassword(request.body),
  );
};
