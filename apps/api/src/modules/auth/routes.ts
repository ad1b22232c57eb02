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
  setPasswordPayloadSchema,
  shopIdSchema,
  signUpPayloadSchema,
  signUpResponseSchema,
  updateUserResponseSchema,
  verifyTokenQuerySchema,
  verifyTokenResponseSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { profilePictureRules, readFileField } from "../../infra/images";
import { bearerSecurity, requireMerchant } from "../../plugins/auth";
import {
  type AuthRoutesOptions,
  accountAuthRoutes,
  accountStep,
  resetPasswordStep,
} from "./account-routes";

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

export type { AuthRoutesOptions } from "./account-routes";

const tags = ["auth"];

const merchantPasswordRoutes = accountAuthRoutes({
  tags,
  signUp: accountStep({
    url: "/api/v1/auth/sign-up",
    summary: "Create a merchant account (sends the verification e-mail)",
    from: "body",
    input: signUpPayloadSchema,
    response: signUpResponseSchema,
    limit: "sign-up",
    run: (auth, body) => auth.signUpMerchant(body),
  }),
  signIn: accountStep({
    url: "/api/v1/auth/sign-in",
    summary: "Merchant (owner or staff) sign-in",
    from: "body",
    input: loginPayloadSchema,
    response: merchantSignInResponseSchema,
    limit: "sign-in",
    run: (auth, body) => auth.signInMerchant(body),
  }),
  verifyToken: accountStep({
    url: "/api/v1/auth/verify-token",
    summary: "Check a password-reset token before showing the form",
    from: "querystring",
    input: verifyTokenQuerySchema,
    response: verifyTokenResponseSchema,
    run: (auth, query) => auth.verifyResetToken(query.token, query.email),
  }),
  forgotPassword: accountStep({
    url: "/api/v1/auth/forgot-password",
    summary: "Send a password-reset link (same answer whether or not the address exists)",
    from: "body",
    input: forgotPasswordSchema,
    response: messageResponseSchema,
    limit: "forgot-password",
    run: (auth, body) => auth.forgotPassword({ email: body.email }),
  }),
  resetPassword: resetPasswordStep(
    "/api/v1/auth/reset-password",
    "Set a new password with a reset token",
  ),
  more: [
    accountStep({
      url: "/api/v1/auth/resend-verify-email",
      summary: "Send the verification e-mail again (with shopId for a customer)",
      from: "body",
      input: resendBodySchema,
      response: messageResponseSchema,
      limit: "resend",
      run: (auth, body) => auth.resendVerification(body),
    }),
  ],
});

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth } = opts;
  await app.register(merchantPasswordRoutes, opts);

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
