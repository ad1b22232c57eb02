import {
  ACCESS_MESSAGES,
  messageResponseSchema,
  resetPasswordPayloadSchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { RateLimiter } from "../../infra/rate-limit";
import type { RouteStep } from "../../plugins/route-steps";
import type { AuthService } from "./service";

/**
 * The route builder that merchant (routes.ts) and customer (customer-routes.ts) accounts share:
 * both have the same five password steps — sign up, sign in, check a reset token, ask for a
 * reset link, reset — and differ only in their URLs, schemas and the service call behind each.
 * Each kind adds its own further steps of the same shape (a POST answered 200) to the table.
 */

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

type Schema = z.ZodTypeAny;

/** One step: where its input is read from, what it answers, and the service call behind it. */
export type AccountStep<In extends Schema = Schema, Out extends Schema = Schema> = RouteStep<
  AuthService,
  In,
  Out
> & {
  from: "body" | "querystring" | "params";
  /** Counted per IP and per the input's e-mail under this name before the call runs. */
  limit?: string;
  /** Turns any refusal (the rate limit's too) into what this kind of account is shown. */
  mapError?: (error: unknown, request: FastifyRequest) => unknown;
};

/** Keeps a step's input and answer types tied together where it is written. */
export function accountStep<In extends Schema, Out extends Schema>(
  step: AccountStep<In, Out>,
): AccountStep {
  return step;
}

export type AccountFlow = {
  tags: string[];
  signUp: AccountStep;
  signIn: AccountStep;
  verifyToken: AccountStep;
  forgotPassword: AccountStep;
  resetPassword: AccountStep;
  /** This kind of account's own further steps: each a POST answered 200. */
  more?: AccountStep[];
};

/** Both kinds reset a password the same way (the token says whose); only URL and words differ. */
export function resetPasswordStep(url: string, summary: string): AccountStep {
  return accountStep({
    url,
    summary,
    from: "body",
    input: resetPasswordPayloadSchema,
    response: messageResponseSchema,
    run: (auth, body) => auth.resetPassword(body),
  });
}

const readInput = {
  body: (request: FastifyRequest) => request.body,
  querystring: (request: FastifyRequest) => request.query,
  params: (request: FastifyRequest) => request.params,
} as const;

/** The password steps of one kind of account, and its own; sign-up answers 201, the rest 200. */
export function accountAuthRoutes(flow: AccountFlow): FastifyPluginAsyncZod<AuthRoutesOptions> {
  return async (app, { auth, limiter }) => {
    const steps: [AccountStep, "GET" | "POST", 200 | 201][] = [
      [flow.signUp, "POST", 201],
      [flow.signIn, "POST", 200],
      [flow.verifyToken, "GET", 200],
      [flow.forgotPassword, "POST", 200],
      [flow.resetPassword, "POST", 200],
      ...(flow.more ?? []).map((step): [AccountStep, "POST", 200] => [step, "POST", 200]),
    ];
    for (const [step, method, status] of steps) {
      app.route({
        method,
        url: step.url,
        schema: {
          tags: flow.tags,
          summary: step.summary,
          [step.from]: step.input,
          response: { [status]: step.response },
        },
        handler: async (request, reply) => {
          // The schema above has validated it; only its type is lost in the table.
          const input = readInput[step.from](request) as { email?: string };
          try {
            if (step.limit) await limitAttempts(limiter, request, step.limit, input.email);
            return reply.code(status).send(await step.run(auth, input));
          } catch (error) {
            throw step.mapError ? step.mapError(error, request) : error;
          }
        },
      });
    }
  };
}
