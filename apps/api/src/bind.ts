/**
 * A module's workflows are plain functions that take the module's context first (as the repos
 * take the executor). `bindContext` fills the context in once, so a service is a listed set of
 * those functions that routes and other modules call without carrying the context around.
 */

// biome-ignore lint/suspicious/noExplicitAny: the arguments after the context are each function's own
type Step<C> = (ctx: C, ...args: any[]) => unknown;

export type Bound<C, T extends Record<string, Step<C>>> = {
  [K in keyof T]: T[K] extends (ctx: C, ...args: infer A) => infer R ? (...args: A) => R : never;
};

export function bindContext<C, T extends Record<string, Step<C>>>(ctx: C, steps: T): Bound<C, T> {
  return Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [name, step.bind(null, ctx)]),
  ) as Bound<C, T>;
}
