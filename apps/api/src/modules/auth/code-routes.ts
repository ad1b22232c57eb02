import {
  customerSetPasswordSchema,
  customerSignInResponseSchema,
  messageResponseSchema,
  signInCodeRequestSchema,
  signInCodeVerifySchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerSecurity, requireCustomer } from "../../plugins/auth";
import { type AuthRoutesOptions, limitAttempts } from "./account-routes";

const tags = ["customer auth"];

/** Passwordless sign-in on a shop's page (sign-in-codes.ts). */
export const signInCodeRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, limiter } = opts;

  app.post(
    "/api/v1/customer/auth/sign-in-code",
    {
      schema: {
        tags,
        summary: "E-mail a sign-in code and link (same answer whether or not the account exists)",
        body: signInCodeRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await limitAttempts(limiter, request, "sign-in-code", request.body.email);
      return auth.requestSignInCode(request.body);
    },
  );

  app.post(
    "/api/v1/customer/auth/sign-in-code/verify",
    {
      schema: {
        tags,
        summary: "Sign in with an e-mailed code or link; a new customer is asked for a name first",
        body: signInCodeVerifySchema,
        response: {
          200: z.union([
            customerSignInResponseSchema,
            z.object({ needsName: z.literal(true), email: z.string() }),
          ]),
        },
      },
    },
    async (request) => {
      // Guessing codes is slowed per address and per IP on top of the code's own five tries.
      await limitAttempts(limiter, request, "sign-in-code-verify", request.body.email);
      return auth.signInWithCode(request.body);
    },
  );

  app.post(
    "/api/v1/customer/auth/set-password",
    {
      schema: {
        tags,
        summary: "Choose a first password (a customer who signed up by code or with Google)",
        security: bearerSecurity,
        body: customerSetPasswordSchema,
        response: { 200: messageResponseSchema },
      },
      // Who asks is checked before what they sent: a stranger learns nothing from the answer.
      preValidation: async (request) => {
        await requireCustomer(request);
      },
    },
    async (request) => auth.setFirstPassword(await requireCustomer(request), request.body),
  );
};
