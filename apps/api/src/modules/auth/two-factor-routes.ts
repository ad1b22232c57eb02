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
import { routeSteps } from "../../plugins/route-steps";
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

const challengeStep = routeSteps<AuthService>();

/** Sign-in's second step: the code, or the enrolment a shop requires (no session yet). */
const challengeSteps = [
  challengeStep({
    url: "/api/v1/auth/two-factor/verify",
    summary: "Sign-in's second step: a code from the authenticator app or a recovery code",
    input: twoFactorVerifyPayloadSchema,
    response: signInResponseSchema,
    run: (auth, body) => auth.verifyTwoFactor(body),
  }),
  challengeStep({
    url: "/api/v1/auth/two-factor/enrol/start",
    summary: "Required enrolment at sign-in (staff): the secret for the authenticator app",
    input: twoFactorChallengePayloadSchema,
    response: twoFactorSetupSchema,
    run: (auth, body) => auth.startSignInEnrolment(body),
  }),
  challengeStep({
    url: "/api/v1/auth/two-factor/enrol/confirm",
    summary: "Required enrolment at sign-in: the first code turns 2FA on and signs in",
    input: twoFactorVerifyPayloadSchema,
    response: twoFactorEnrolSignInResponseSchema,
    run: (auth, body) => auth.confirmSignInEnrolment(body),
  }),
];

const signInStepRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, limiter }) => {
  for (const step of challengeSteps) {
    app.post(
      step.url,
      {
        schema: { tags, summary: step.summary, body: step.input, response: { 200: step.response } },
      },
      async (request) => {
        const body = request.body as { challenge: string };
        await limitCodes(limiter, request, body.challenge);
        return step.run(auth, body);
      },
    );
  }
};

const merchantStep = routeSteps<{
  auth: AuthService;
  session: Awaited<ReturnType<typeof requireMerchant>>;
}>();

/** The signed-in merchant's own changes that a current code (or the password) allows. */
const guessedSteps = [
  merchantStep({
    url: "/api/v1/user/two-factor/confirm",
    summary: "Finish enrolment with a first code: 2FA on, ten recovery codes shown once",
    input: twoFactorConfirmPayloadSchema,
    response: twoFactorEnabledResponseSchema,
    run: ({ auth, session }, body) => auth.confirmTwoFactor(session, body),
  }),
  merchantStep({
    url: "/api/v1/user/two-factor/disable",
    summary: "Turn two-factor sign-in off, with the password or a current code",
    input: twoFactorDisablePayloadSchema,
    response: messageResponseSchema,
    run: ({ auth, session }, body) => auth.disableTwoFactor(session, body),
  }),
  merchantStep({
    url: "/api/v1/user/two-factor/recovery-codes",
    summary: "New recovery codes after a current code; the old ones stop working",
    input: twoFactorConfirmPayloadSchema,
    response: twoFactorEnabledResponseSchema,
    run: ({ auth, session }, body) => auth.renewRecoveryCodes(session, body),
  }),
];

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

  for (const step of guessedSteps) {
    app.post(
      step.url,
      {
        schema: {
          tags: ["user"],
          summary: step.summary,
          security: bearerSecurity,
          body: step.input,
          response: { 200: step.response },
        },
      },
      async (request) => {
        const session = await guessingMerchant(limiter, request);
        return step.run({ auth, session }, request.body);
      },
    );
  }
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
