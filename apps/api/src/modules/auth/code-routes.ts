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
import { type AccountStep, type AuthRoutesOptions, accountStep } from "./account-routes";

/** Passwordless sign-in on a shop's page (sign-in-codes.ts): steps of the customer's table. */
export const signInCodeSteps: AccountStep[] = [
  accountStep({
    url: "/api/v1/customer/auth/sign-in-code",
    summary: "E-mail a sign-in code and link (same answer whether or not the account exists)",
    from: "body",
    input: signInCodeRequestSchema,
    response: messageResponseSchema,
    limit: "sign-in-code",
    run: (auth, body) => auth.requestSignInCode(body),
  }),
  accountStep({
    url: "/api/v1/customer/auth/sign-in-code/verify",
    summary: "Sign in with an e-mailed code or link; a new customer is asked for a name first",
    from: "body",
    input: signInCodeVerifySchema,
    response: z.union([
      customerSignInResponseSchema,
      z.object({ needsName: z.literal(true), email: z.string() }),
    ]),
    // Guessing codes is slowed per address and per IP on top of the code's own five tries.
    limit: "sign-in-code-verify",
    run: (auth, body) => auth.signInWithCode(body),
  }),
];

/** A first password for a customer who signed up by code or with Google. */
export const setFirstPasswordRoute: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth },
) => {
  app.post(
    "/api/v1/customer/auth/set-password",
    {
      schema: {
        tags: ["customer auth"],
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
