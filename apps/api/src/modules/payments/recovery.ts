import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { finishCheckout } from "./checkout";
import { type Actor, accountOf, isConnected, type PaymentsContext } from "./context";
import * as recoveryRepo from "./recovery-repo";
import * as repo from "./repo";

/** Checkouts younger than this are left to their browser, which is probably still on the form. */
export const RECOVERY_MIN_AGE_MS = 2 * 60 * 1000;
/** How far back the sweep looks: a form is paid within its 30 minutes, so two days is ample. */
export const RECOVERY_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
const PAGE = 100;

/** How long after its form closed an unpaid checkout is still asked about before it expires. */
export const UNPAID_GRACE_MS = 60 * 60 * 1000;

/** What recovery did with one unfinished checkout. */
export type RecoveryOutcome = "completed" | "refused" | "expired" | "unpaid" | "skipped";

export type RecoverySummary = Record<RecoveryOutcome | "failed", number>;

/**
 * The recovery sweep (at start-up and every minute): every checkout still open is settled from
 * what the provider says, so a customer charged while the server crashed, or whose tab closed
 * before the completion call, still gets what they paid for — or their money back. One failing
 * checkout (the provider down for that shop) does not stop the others.
 */
export async function recoverCheckouts(deps: {
  db: Database;
  payments: {
    recovery: { recoverCheckout(shopId: number, checkoutId: string): Promise<RecoveryOutcome> };
  };
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
    const page = await recoveryRepo.listOpenCheckouts(deps.db, { ...window, after }, PAGE);
    for (const checkout of page) {
      try {
        summary[await deps.payments.recovery.recoverCheckout(checkout.shopId, checkout.id)] += 1;
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

/**
 * Settles one checkout the browser never completed, from what the provider says (the
 * recovery sweep and the provider's postback). A paid one is completed through the same
 * idempotent path as the browser's completion, or refunded when it can no longer be
 * granted; an unpaid one whose form can no longer be paid is closed as expired.
 */
export async function recoverCheckout(
  ctx: PaymentsContext,
  shopId: number,
  checkoutId: string,
): Promise<RecoveryOutcome> {
  const { db } = ctx;
  const shop = await repo.findShop(db, shopId);
  const checkout = await repo.findCheckout(db, shopId, checkoutId);
  if (!shop || !checkout || checkout.status !== "open" || !isConnected(ctx, shop)) return "skipped";
  const payment = await ctx.provider.findCheckoutPayment(accountOf(ctx, shop), {
    reference: checkout.id,
    clientToken: checkout.clientToken,
  });
  if (payment?.outcome !== "approved") {
    const formClosed = checkout.expiresAt.getTime() + UNPAID_GRACE_MS <= ctx.now().getTime();
    if (formClosed && (await recoveryRepo.expireOpenCheckout(db, checkout.id))) return "expired";
    return "unpaid";
  }
  const buyer = await repo.findCustomer(db, shop.id, checkout.customerId);
  if (!buyer) return "skipped";
  const opener = checkout.createdByUserId;
  const actor: Actor =
    opener === null
      ? { kind: "customer", customerId: buyer.id }
      : {
          kind: "merchant",
          userId: opener,
          name: (await recoveryRepo.findUserName(db, opener)) ?? "Staff",
        };
  try {
    await finishCheckout(ctx, shop, checkout, buyer, payment.id, actor);
    ctx.log?.warn({ checkoutId: checkout.id }, "recovered a paid checkout");
    return "completed";
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "UNAVAILABLE") throw error;
    ctx.log?.warn({ checkoutId: checkout.id, reason: error.message }, "paid checkout refused");
    return "refused";
  }
}
