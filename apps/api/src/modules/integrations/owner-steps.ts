import type { FastifyInstance } from "fastify";
import { requireOwner } from "../../plugins/auth";
import { type GuardedStep, guardedSteps, registerGuardedSteps } from "../../plugins/merchant-steps";

/**
 * The Integrations screen's plain routes written as a table. Each is the shop owner's only, and
 * never an API key's (the `/integrations/` prefix is people-only, see keys/service.ts): a leaked
 * key must not make keys, re-point the shop's events or read their secrets.
 */

type Owner = Awaited<ReturnType<typeof requireOwner>>;
type OwnerContext<Service> = { service: Service; owner: Owner };
export type OwnerStep<Service> = GuardedStep<OwnerContext<Service>>;

/** Writes the steps of one part's table; each step gets the part's service and the owner. */
export function ownerSteps<Service>() {
  return guardedSteps<OwnerContext<Service>>();
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
