import type { FastifyInstance, FastifyPluginOptions, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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

/** How a route of a table is called and what it says of itself in the API's docs. */
type GuardedHow = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  summary: string;
  description?: string;
  /** Where the input is read from; a list reads none. */
  from?: "querystring" | "body" | "params";
  /**
   * A create answers 201 and a started job 202. A sale answers 201 when it completed at once
   * and 200 when a card checkout follows; everything else 200.
   */
  status?: 201 | 202 | "sale";
};

/** A route of a table behind an access check that gives its step what it runs with. */
export type GuardedStep<Ctx> = GuardedHow & {
  input?: Schema;
  /** The path's parameters, for a step that also reads a query string or a body. */
  params?: Schema;
  response: Schema;
  // The schemas have validated the input; only its type is lost in the table.
  run(ctx: Ctx, input: never, params: never): Promise<unknown>;
};

/**
 * Writes the steps of one table: each step's input, path and answer types stay tied where it is
 * written (what a step does not read comes as `undefined`), and the table holds them as one type.
 */
export function guardedSteps<Ctx>() {
  return <
    Out extends Schema,
    In extends Schema = z.ZodUndefined,
    P extends Schema = z.ZodUndefined,
  >(
    step: GuardedHow & {
      input?: In;
      params?: P;
      response: Out;
      run(ctx: Ctx, input: z.infer<In>, params: z.infer<P>): Promise<z.infer<Out>>;
    },
  ): GuardedStep<Ctx> => step;
}

const readInput = {
  querystring: (request: FastifyRequest) => request.query,
  body: (request: FastifyRequest) => request.body,
  params: (request: FastifyRequest) => request.params,
} as const;

function answerStatus(step: GuardedStep<unknown>, result: unknown) {
  if (step.status !== "sale") return step.status ?? 200;
  return (result as { outcome: string }).outcome === "completed" ? 201 : 200;
}

function responses(step: GuardedStep<unknown>): Record<number, Schema> {
  if (step.status === "sale") return { 200: step.response, 201: step.response };
  return { [step.status ?? 200]: step.response };
}

/** Registers the steps, in order, under `tags`, each behind `guard`. */
export function registerGuardedSteps<Ctx>(
  app: Pick<FastifyInstance, "route">,
  tags: string[],
  guard: (request: FastifyRequest) => Promise<Ctx>,
  steps: GuardedStep<Ctx>[],
) {
  for (const step of steps) {
    app.route({
      method: step.method,
      url: step.url,
      schema: {
        tags,
        summary: step.summary,
        description: step.description,
        security: bearerSecurity,
        ...(step.params ? { params: step.params } : {}),
        ...(step.from ? { [step.from]: step.input } : {}),
        response: responses(step),
      },
      handler: async (request, reply) => {
        const ctx = await guard(request);
        const input = step.from ? readInput[step.from](request) : undefined;
        const params = step.params ? request.params : undefined;
        const result = await step.run(ctx, input as never, params as never);
        return reply.code(answerStatus(step, result)).send(result);
      },
    });
  }
}

/**
 * The routes of a module that are one table behind one check: each step runs with what
 * `context` makes of the module's options and the request (the check's answer among them).
 */
export function guardedStepsPlugin<Options extends FastifyPluginOptions, Ctx>(
  tags: string[],
  context: (opts: Options, request: FastifyRequest) => Promise<Ctx>,
  steps: GuardedStep<Ctx>[],
): FastifyPluginAsyncZod<Options> {
  return async (app, opts) => {
    registerGuardedSteps(app, tags, (request) => context(opts, request), steps);
  };
}

/** Registers the steps, in order, under the module's tags. */
export function registerMerchantSteps(
  app: Pick<FastifyInstance, "route">,
  tags: string[],
  steps: MerchantStep[],
) {
  registerGuardedSteps(app, tags, requireShopMerchant, steps);
}

/** The routes of a module that are one merchant table, its steps made from the module's options. */
export function merchantStepsPlugin<Options extends FastifyPluginOptions>(
  tags: string[],
  steps: (opts: Options) => MerchantStep[],
): FastifyPluginAsyncZod<Options> {
  return async (app, opts) => {
    registerMerchantSteps(app, tags, steps(opts));
  };
}
