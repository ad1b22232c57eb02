import { addMonthsClamped } from "@tessera/shared";
import * as wallet from "../wallet/wallet";
import type { PaymentsContext } from "./context";
import { creditReward, rewardMonths } from "./grants";
import * as repo from "./repo";
import { customerOfferView, membershipView, rewardBalance } from "./views";

/**
 * Wallet and rewards: what a customer holds (membership, cashback balance, offers still to
 * redeem), and the job that credits the rewards due inside a paid period.
 */

export async function getWallet(ctx: PaymentsContext, shopId: number, customerId: number) {
  const current = await repo.findCurrentMembership(ctx.db, shopId, customerId);
  const view = current ? await membershipView(ctx.db, current) : null;
  return {
    membership: view?.membership ?? null,
    nextRenewalMembership: view?.next ?? null,
    rewardBalance: await rewardBalance(ctx.db, shopId, customerId),
  };
}

/** The customer's purchased offers still redeemable. */
export async function listActiveOffers(ctx: PaymentsContext, shopId: number, customerId: number) {
  const rows = await repo.listRedeemableOffers(ctx.db, shopId, customerId, ctx.now());
  const sold = await repo.countSoldUnits(ctx.db, [...new Set(rows.map((r) => r.offer.id))]);
  return rows.map((r) => customerOfferView(r.purchase, r.offer, sold.get(r.offer.id) ?? 0));
}

/** Rewards due inside a paid period (a yearly plan credited monthly). */
export async function runRewards(ctx: PaymentsContext, limit = 200) {
  const due = await repo.listDueRewards(ctx.db, ctx.now(), limit);
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const m = await repo.lockMembershipById(tx, id, true);
      if (!m?.nextRewardAt || m.nextRewardAt.getTime() > ctx.now().getTime()) return;
      if (m.nextRewardAt.getTime() >= m.expireDate.getTime()) return;
      const tier = await repo.findTier(tx, m.shopId, m.tierId);
      if (!tier) return;
      await wallet.lockWalletOwner(tx, m.shopId, m.customerId);
      await creditReward(tx, m, tier, null);
      const next = addMonthsClamped(m.nextRewardAt, rewardMonths(tier, m.plan));
      await repo.updateMembership(tx, m.id, {
        nextRewardAt: next.getTime() < m.expireDate.getTime() ? next : null,
      });
    });
  }
  return due.length;
}
