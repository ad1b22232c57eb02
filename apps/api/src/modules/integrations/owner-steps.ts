import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { requireOwner } from "../../plugins/auth";
import { registerGuardedSteps } from "../../plugins/merchant-steps";

/**
 * The Integrations screen's plain routes written as a table. Each is the shop owner's only, and
 * never an API key's (the `/integrations/` prefix is people-only, see keys/service.ts): a leaked
 * key must not make keys, re-point the shop's events or read their secrets. Routes that read two
 * inputs at once (a path and a body or query) stay written out in their part.
 */

type Schema = z.ZodTypeAny;
type Owner = Awaited<ReturnType<typeof requireOwner>>;

type How = {
  method: "GET" | "POST" | "DELETE";
  url: string;
  summary: string;
  description?: string;
  /** Where the input is read from; a list reads none. */
  from?: "params" | "body";
  /** A create answers 201; everything else 200. */
  status?: 201;
};

export type OwnerStep<Service> = How & {
  input?: Schema;
  response: Schema;
  // A method, so a table of steps with different inputs is one type (methods' parameters are
  // checked both ways); each step was checked against its own schemas where it was written.
  run(ctx: { service: Service; owner: Owner }, input: unknown): Promise<unknown>;
};

/**
 * Writes the steps of one part's table: each step's input and answer types stay tied where it is
 * written (a step without `input` gets `undefined`), and the table holds them as one type.
 */
export function ownerSteps<Service>() {
  return <Out extends Schema, In extends Schema = z.ZodUndefined>(
    step: How & {
      input?: In;
      response: Out;
      run(ctx: { service: Service; owner: Owner }, input: z.infer<In>): Promise<z.infer<Out>>;
    },
  ): OwnerStep<Service> => step;
}

/** Registers the steps, in order, under the Integrations tag, each behind the owner check. */
export function registerOwnerSteps<Service>(
  app: Pick<FastifyInstance, "route">,
  service: Service,
  steps: OwnerStep<Service>[],
) {
  registerGuardedSteps(
    app,
    ["integrations"],
    async (request) => ({ service, owner: await requireOwner(request) }),
    steps,
  );
}
