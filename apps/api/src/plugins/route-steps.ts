import type { z } from "zod";

/**
 * Routes of one shape written as a table: each step names its URL, what it reads and answers,
 * and the call behind it; the module registers the table once, with the checks the steps share
 * (who may call, rate limits, status) in one place instead of in every route.
 */

type Schema = z.ZodTypeAny;

/** One route of a table: `run` gets what the shared checks gave (`Ctx`) and the valid input. */
export type RouteStep<Ctx, In extends Schema = Schema, Out extends Schema = Schema> = {
  url: string;
  summary: string;
  description?: string;
  input: In;
  response: Out;
  // A method, so a table of steps with different inputs is one type (methods' parameters are
  // checked both ways); each step was checked against its own schemas where it was written.
  run(ctx: Ctx, input: z.infer<In>): Promise<z.infer<Out>>;
};

/**
 * Writes the steps of one table: each step's input and answer types stay tied where it is
 * written, and the table holds them as one type.
 */
export function routeSteps<Ctx>() {
  return <In extends Schema, Out extends Schema>(step: RouteStep<Ctx, In, Out>): RouteStep<Ctx> =>
    step;
}
