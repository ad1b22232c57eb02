import {
  ACCESS_MESSAGES,
  accountSessionsResponseSchema,
  messageResponseSchema,
  sessionIdParamsSchema,
  signInResponseSchema,
  signOutOthersResponseSchema,
  staffSecurityPolicySchema,
  twoFactorChallengePayloadSchema,
  twoFactorConfirmPayloadSchema,
  twoFactorDisablePayloadSchema,
  twoFactorEnabledResponseSchema,
  twoFactorEnrolSignInResponseSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyPayloadSchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RateLimiter } from "../../infra/rate-limit";
import { bearerSecurity, requireMerchant, requireOwner, requireSession } from "../../plugins/auth";
import type { AuthService } from "./service";
import { hashToken } from "./tokens";

/**
 * Two-factor sign-in (TOTP, owners and staff), the owner's staff requirement and the account's
 * sessions. Registered by routes.ts.
 */

const tags = ["auth"];

/** Code guesses: per IP and per challenge (the challenge itself also ends after five). */
async function limitCodes(limiter: RateLimiter, request: FastifyRequest, challenge: string) {
  await limiter.hit(
    [`two-factor:ip:${request.ip}`, `two-factor:challenge:${hashToken(challenge).slice(0, 32)}`],
    ACCESS_MESSAGES.tooManyRequests,
  );
}

/** The signed-in merchant, once this guess at their own code is counted. */
async function guessingMerchant(limiter: RateLimiter, request: FastifyRequest) {
  const session = await requireMerchant(request);
  await limitCodes(limiter, request, `user:${session.user.id}`);
  return session;
}

type Options = { auth: AuthService; limiter: RateLimiter };

/** Sign-in's second step: the code, or the enrolment a shop requires. */
const signInStepRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, limiter }) => {
  app.post(
    "/api/v1/auth/two-factor/verify",
    {
      schema: {
        tags,
        summary: "Sign-in's second step: a code from the authenticator app or a recovery code",
        body: twoFactorVerifyPayloadSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request) => {
      await limitCodes(limiter, request, request.body.challenge);
      return auth.verifyTwoFactor(request.body);
    },
  );

  app.post(
    "/api/v1/auth/two-factor/enrol/start",
    {
      schema: {
        tags,
        summary: "Required enrolment at sign-in (staff): the secret for the authenticator app",
        body: twoFactorChallengePayloadSchema,
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => {
      await limitCodes(limiter, request, request.body.challenge);
      return auth.startSignInEnrolment(request.body);
    },
  );

  app.post(
    "/api/v1/auth/two-factor/enrol/confirm",
    {
      schema: {
        tags,
        summary: "Required enrolment at sign-in: the first code turns 2FA on and signs in",
        body: twoFactorVerifyPayloadSchema,
        response: { 200: twoFactorEnrolSignInResponseSchema },
      },
    },
    async (request) => {
      await limitCodes(limiter, request, request.body.challenge);
      return auth.confirmSignInEnrolment(request.body);
    },
  );
};

/** The signed-in merchant's own two-factor sign-in. */
const accountTwoFactorRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, limiter }) => {
  app.get(
    "/api/v1/user/two-factor",
    {
      schema: {
        tags: ["user"],
        summary: "Whether two-factor sign-in is on, and recovery codes left",
        security: bearerSecurity,
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => auth.twoFactorStatus(await requireMerchant(request)),
  );

  app.post(
    "/api/v1/user/two-factor/start",
    {
      schema: {
        tags: ["user"],
        summary: "Start enrolment: the secret and otpauth URI (shown once, as a QR code)",
        security: bearerSecurity,
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => auth.startTwoFactor(await requireMerchant(request)),
  );

  app.post(
    "/api/v1/user/two-factor/confirm",
    {
      schema: {
        tags: ["user"],
        summary: "Finish enrolment with a first code: 2FA on, ten recovery codes shown once",
        security: bearerSecurity,
        body: twoFactorConfirmPayloadSchema,
        response: { 200: twoFactorEnabledResponseSchema },
      },
    },
    async (request) =>
      auth.confirmTwoFactor(await guessingMerchant(limiter, request), request.body),
  );

  app.post(
    "/api/v1/user/two-factor/disable",
    {
      schema: {
        tags: ["user"],
        summary: "Turn two-factor sign-in off, with the password or a current code",
        security: bearerSecurity,
        body: twoFactorDisablePayloadSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) =>
      auth.disableTwoFactor(await guessingMerchant(limiter, request), request.body),
  );

  app.post(
    "/api/v1/user/two-factor/recovery-codes",
    {
      schema: {
        tags: ["user"],
        summary: "New recovery codes after a current code; the old ones stop working",
        security: bearerSecurity,
        body: twoFactorConfirmPayloadSchema,
        response: { 200: twoFactorEnabledResponseSchema },
      },
    },
    async (request) =>
      auth.renewRecoveryCodes(await guessingMerchant(limiter, request), request.body),
  );
};

/** The owner's staff requirement, and every account's sessions. */
const policyAndSessionRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth }) => {
  app.get(
    "/api/v1/shop/security",
    {
      schema: {
        tags: ["shop"],
        summary: "The shop's security settings (owner): whether staff must use 2FA",
        security: bearerSecurity,
        response: { 200: staffSecurityPolicySchema },
      },
    },
    async (request) => auth.getStaffPolicy(await requireOwner(request)),
  );

  app.put(
    "/api/v1/shop/security",
    {
      schema: {
        tags: ["shop"],
        summary: "Require two-factor sign-in for staff (owner)",
        security: bearerSecurity,
        body: staffSecurityPolicySchema,
        response: {
          200: staffSecurityPolicySchema.extend({ message: messageResponseSchema.shape.message }),
        },
      },
    },
    async (request) => auth.setStaffPolicy(await requireOwner(request), request.body),
  );

  app.get(
    "/api/v1/auth/sessions",
    {
      schema: {
        tags,
        summary: "The account's active sessions: device, IP, created, last seen",
        security: bearerSecurity,
        response: { 200: accountSessionsResponseSchema },
      },
    },
    async (request) => auth.listSessions(await requireSession(request)),
  );

  app.delete(
    "/api/v1/auth/sessions/:id",
    {
      schema: {
        tags,
        summary: "Sign out one of the account's sessions",
        security: bearerSecurity,
        params: sessionIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => auth.revokeSession(await requireSession(request), request.params.id),
  );

  app.post(
    "/api/v1/auth/sessions/sign-out-others",
    {
      schema: {
        tags,
        summary: "Sign out everywhere else: every session of the account but this one",
        security: bearerSecurity,
        response: { 200: signOutOthersResponseSchema },
      },
    },
    async (request) => auth.signOutOthers(await requireSession(request)),
  );
};

export const twoFactorRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  await app.register(signInStepRoutes, opts);
  await app.register(accountTwoFactorRoutes, opts);
  await app.register(policyAndSessionRoutes, opts);
};
