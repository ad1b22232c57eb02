import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { bearerSecurity, requireShopMerchant } from "./auth";
import type { RouteStep } from "./route-steps";

/**
 * The shop's merchant routes of the plain kind written as a table: each needs the shop's owner
 * or staff member (or the shop's API key), reads a query string or a JSON body, and answers what
 * its step returns. Routes that read a form or send a file stay written out in their module.
 */

type Schema = z.ZodTypeAny;
type ShopMerchant = Awaited<ReturnType<typeof requireShopMerchant>>;

type How = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Where the input is read from. */
  from: "querystring" | "body";
  /** A create answers 201; everything else 200. */
  status?: 201;
};

export type MerchantStep = RouteStep<ShopMerchant> & How;

/** Keeps a step's input and answer types tied together where it is written. */
export function merchantStep<In extends Schema, Out extends Schema>(
  step: RouteStep<ShopMerchant, In, Out> & How,
): MerchantStep {
  return step;
}

/** A route of a table behind an access check that gives its step what it runs with. */
export type GuardedStep<Ctx> = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  summary: string;
  description?: string;
  /** Where the input is read from; a list reads none. */
  from?: "querystring" | "body" | "params";
  input?: Schema;
  response: Schema;
  /** A create answers 201; everything else 200. */
  status?: 201;
  // The schema has validated the input; only its type is lost in the table.
  run(ctx: Ctx, input: never): Promise<unknown>;
};

const readInput = {
  querystring: (request: FastifyRequest) => request.query,
  body: (request: FastifyRequest) => request.body,
  params: (request: FastifyRequest) => request.params,
} as const;

/** Registers the steps, in order, under `tags`, each behind `guard`. */
export function registerGuardedSteps<Ctx>(
  app: Pick<FastifyInstance, "route">,
  tags: string[],
  guard: (request: FastifyRequest) => Promise<Ctx>,
  steps: GuardedStep<Ctx>[],
) {
  for (const step of steps) {
    const status = step.status ?? 200;
    app.route({
      method: step.method,
      url: step.url,
      schema: {
        tags,
        summary: step.summary,
        description: step.description,
        security: bearerSecurity,
        ...(step.from ? { [step.from]: step.input } : {}),
        response: { [status]: step.response },
      },
      handler: async (request, reply) => {
        const ctx = await guard(request);
        const input = step.from ? readInput[step.from](request) : undefined;
        return reply.code(status).send(await step.run(ctx, input as never));
      },
    });
  }
}

/** Registers the steps, in order, under the module's tags. */
export function registerMerchantSteps(
  app: Pick<FastifyInstance, "route">,
  tags: string[],
  steps: MerchantStep[],
) {
  registerGuardedSteps(app, tags, requireShopMerchant, steps);
}
