import type { FastifyInstance } from "fastify";
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

/** Registers the steps, in order, under the module's tags. */
export function registerMerchantSteps(
  app: Pick<FastifyInstance, "route">,
  tags: string[],
  steps: MerchantStep[],
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
        [step.from]: step.input,
        response: { [status]: step.response },
      },
      handler: async (request, reply) => {
        const session = await requireShopMerchant(request);
        const result = await step.run(session, step.from === "body" ? request.body : request.query);
        return reply.code(status).send(result);
      },
    });
  }
}
