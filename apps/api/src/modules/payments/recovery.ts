import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../infra/db";
import { listOpenCheckouts } from "./recovery-repo";
import type { PaymentsService, RecoveryOutcome } from "./service";

/** Checkouts younger than this are left to their browser, which is probably still on the form. */
export const RECOVERY_MIN_AGE_MS = 2 * 60 * 1000;
/** How far back the sweep looks: a form is paid within its 30 minutes, so two days is ample. */
export const RECOVERY_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
const PAGE = 100;

export type RecoverySummary = Record<RecoveryOutcome | "failed", number>;

/**
 * The recovery sweep (at start-up and every minute): every checkout still open is settled from
 * what the provider says, so a customer charged while the server crashed, or whose tab closed
 * before the completion call, still gets what they paid for — or their money back. One failing
 * checkout (the provider down for that shop) does not stop the others.
 */
export async function recoverCheckouts(deps: {
  db: Database;
  payments: Pick<PaymentsService, "recoverCheckout">;
  now: () => Date;
  log?: FastifyBaseLogger;
  minAgeMs?: number;
}): Promise<RecoverySummary> {
  const at = deps.now().getTime();
  const summary: RecoverySummary = {
    completed: 0,
    refused: 0,
    expired: 0,
    unpaid: 0,
    skipped: 0,
    failed: 0,
  };
  const window = {
    since: new Date(at - RECOVERY_WINDOW_MS),
    before: new Date(at - (deps.minAgeMs ?? RECOVERY_MIN_AGE_MS)),
  };
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const page = await listOpenCheckouts(deps.db, { ...window, after }, PAGE);
    for (const checkout of page) {
      try {
        summary[await deps.payments.recoverCheckout(checkout.shopId, checkout.id)] += 1;
      } catch (error) {
        summary.failed += 1;
        deps.log?.warn({ err: error, checkoutId: checkout.id }, "checkout recovery failed");
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  if (summary.completed + summary.refused + summary.failed > 0) {
    deps.log?.info({ summary }, "checkout recovery");
  }
  return summary;
}
