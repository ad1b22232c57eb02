import { type CheckoutSession, PAYMENT_MESSAGES } from "@tessera/shared";
import { AppError } from "../../errors";
import * as wallet from "../wallet/wallet";
import { openCheckout } from "./checkout";
import { type PaymentsContext, requireShop } from "./context";
import * as repo from "./repo";
import { type CustomerScope, checkCustomer, lockOverdueMembership } from "./rules";

/**
 * POST /customer/memberships/{id}/pay-renewal: the customer pays their membership's unpaid
 * renewal now, with a card on the provider's form (the failure e-mail's link leads here). It
 * opens a checkout for the renewal's tier and plan at the tier's price; its completion (the
 * browser's, the recovery sweep's or the postback's) renews the membership once
 * (`renewOverdue`), and the renewal job leaves the saved card alone while the form is open.
 */
export async function payOverdueRenewal(
  ctx: PaymentsContext,
  scope: CustomerScope,
  membershipId: number,
): Promise<{ data: CheckoutSession }> {
  checkCustomer(scope, {});
  const shop = await requireShop(ctx, scope.shopId);
  // Checked before the provider is asked for a form; checked again under the locks.
  const m = await ctx.db.transaction(async (tx) => {
    await wallet.lockWalletOwner(tx, shop.id, scope.customer.id);
    return lockOverdueMembership(tx, shop.id, scope.customer.id, membershipId);
  });
  const tier = await repo.findTier(ctx.db, shop.id, m.nextTierId ?? m.tierId);
  if (!tier) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.tierUnavailable);
  const plan = m.nextPlan ?? m.plan;
  const session = await openCheckout(ctx, scope, shop, {
    type: "membership",
    tier,
    plan,
    renews: m.id,
  });
  return { data: session };
}
