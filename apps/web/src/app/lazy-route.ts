import type { ComponentType } from "react";

type ComponentName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/** Route `lazy` for one component of a route module: the module is fetched on first visit. */
export function lazyFrom<M>(load: () => Promise<M>) {
  return (name: ComponentName<M>) => async () => ({
    Component: (await load())[name] as ComponentType,
  });
}
