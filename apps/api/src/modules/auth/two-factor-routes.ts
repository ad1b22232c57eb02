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
import { requireMerchant, requireOwner, requireSession } from "../../plugins/auth";
import { guardedSteps, registerGuardedSteps } from "../../plugins/merchant-steps";
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

type Guarded<Session> = { auth: AuthService; session: Session };
const merchantStep = guardedSteps<Guarded<Awaited<ReturnType<typeof requireMerchant>>>>();

/** The signed-in merchant's own two-factor sign-in that needs no code. */
const accountSteps = [
  merchantStep({
    method: "GET",
    url: "/api/v1/user/two-factor",
    summary: "Whether two-factor sign-in is on, and recovery codes left",
    response: twoFactorStatusSchema,
    run: ({ auth, session }) => auth.twoFactorStatus(session),
  }),
  merchantStep({
    method: "POST",
    url: "/api/v1/user/two-factor/start",
    summary: "Start enrolment: the secret and otpauth URI (shown once, as a QR code)",
    response: twoFactorSetupSchema,
    run: ({ auth, session }) => auth.startTwoFactor(session),
  }),
];

/** The signed-in merchant's own changes that a current code (or the password) allows. */
const guessedSteps = [
  merchantStep({
    method: "POST",
    url: "/api/v1/user/two-factor/confirm",
    summary: "Finish enrolment with a first code: 2FA on, ten recovery codes shown once",
    from: "body",
    input: twoFactorConfirmPayloadSchema,
    response: twoFactorEnabledResponseSchema,
    run: ({ auth, session }, body) => auth.confirmTwoFactor(session, body),
  }),
  merchantStep({
    method: "POST",
    url: "/api/v1/user/two-factor/disable",
    summary: "Turn two-factor sign-in off, with the password or a current code",
    from: "body",
    input: twoFactorDisablePayloadSchema,
    response: messageResponseSchema,
    run: ({ auth, session }, body) => auth.disableTwoFactor(session, body),
  }),
  merchantStep({
    method: "POST",
    url: "/api/v1/user/two-factor/recovery-codes",
    summary: "New recovery codes after a current code; the old ones stop working",
    from: "body",
    input: twoFactorConfirmPayloadSchema,
    response: twoFactorEnabledResponseSchema,
    run: ({ auth, session }, body) => auth.renewRecoveryCodes(session, body),
  }),
];

const ownerStep = guardedSteps<Guarded<Awaited<ReturnType<typeof requireOwner>>>>();

/** The owner's staff requirement. */
const policySteps = [
  ownerStep({
    method: "GET",
    url: "/api/v1/shop/security",
    summary: "The shop's security settings (owner): whether staff must use 2FA",
    response: staffSecurityPolicySchema,
    run: ({ auth, session }) => auth.getStaffPolicy(session),
  }),
  ownerStep({
    method: "PUT",
    url: "/api/v1/shop/security",
    summary: "Require two-factor sign-in for staff (owner)",
    from: "body",
    input: staffSecurityPolicySchema,
    response: staffSecurityPolicySchema.extend({ message: messageResponseSchema.shape.message }),
    run: ({ auth, session }, body) => auth.setStaffPolicy(session, body),
  }),
];

const sessionStep = guardedSteps<Guarded<Awaited<ReturnType<typeof requireSession>>>>();

/** Every account's sessions. */
const sessionSteps = [
  sessionStep({
    method: "GET",
    url: "/api/v1/auth/sessions",
    summary: "The account's active sessions: device, IP, created, last seen",
    response: accountSessionsResponseSchema,
    run: ({ auth, session }) => auth.listSessions(session),
  }),
  sessionStep({
    method: "DELETE",
    url: "/api/v1/auth/sessions/:id",
    summary: "Sign out one of the account's sessions",
    params: sessionIdParamsSchema,
    response: messageResponseSchema,
    run: ({ auth, session }, _, { id }) => auth.revokeSession(session, id),
  }),
  sessionStep({
    method: "POST",
    url: "/api/v1/auth/sessions/sign-out-others",
    summary: "Sign out everywhere else: every session of the account but this one",
    response: signOutOthersResponseSchema,
    run: ({ auth, session }) => auth.signOutOthers(session),
  }),
];

/** The check in front of a table: the steps get the auth service and the caller's session. */
function checked<Session>(auth: AuthService, check: (request: FastifyRequest) => Promise<Session>) {
  return async (request: FastifyRequest) => ({ auth, session: await check(request) });
}

/** The account's two-factor sign-in, the owner's staff requirement and every account's sessions. */
const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, limiter }) => {
  registerGuardedSteps(app, ["user"], checked(auth, requireMerchant), accountSteps);
  const guessing = (request: FastifyRequest) => guessingMerchant(limiter, request);
  registerGuardedSteps(app, ["user"], checked(auth, guessing), guessedSteps);
  registerGuardedSteps(app, ["shop"], checked(auth, requireOwner), policySteps);
  registerGuardedSteps(app, tags, checked(auth, requireSession), sessionSteps);
};

export const twoFactorRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  await app.register(signInStepRoutes, opts);
  await app.register(accountRoutes, opts);
};
