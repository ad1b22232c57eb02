import { bindContext } from "../../bind";
import * as checkout from "./checkout";
import { createPaymentsContext, type PaymentsDeps } from "./context";
import * as counter from "./counter";
import * as onboarding from "./onboarding";
import * as overdue from "./overdue";
import * as recovery from "./recovery";
import * as refunds from "./refunds";
import * as renewals from "./renewals";
import * as rewards from "./rewards";

/**
 * The payments module's public face: one workflow per thing a person does, each a set of
 * plain functions in its own file (onboarding.ts, checkout.ts, counter.ts, renewals.ts,
 * refunds.ts, rewards.ts, recovery.ts) over shared steps (grants.ts, rules.ts, views.ts).
 * Here they are bound to one context, so routes and other modules call
 * `payments.checkout.completeCheckout(...)` without carrying the context around.
 */

export { CHECKOUT_LIFETIME_MS } from "./checkout";
export type { Actor, CounterActor, PaymentsDeps } from "./context";
export type { CounterOutcome } from "./counter";
export type { RecoveryOutcome } from "./recovery";
export { UNPAID_GRACE_MS } from "./recovery";
export { RENEWAL_RETRIES } from "./renewals";
export { toTransactionDto } from "./views";

export function createPaymentsService(deps: PaymentsDeps) {
  const ctx = createPaymentsContext(deps);
  return {
    provider: ctx.provider,
    onboarding: bindContext(ctx, {
      getAccount: onboarding.getAccount,
      startOnboarding: onboarding.startOnboarding,
      applyOnboarding: onboarding.applyOnboarding,
      connectShop: onboarding.connectShop,
      handlePostback: onboarding.handlePostback,
    }),
    checkout: bindContext(ctx, {
      createIntention: checkout.createIntention,
      purchaseOffer: checkout.purchaseOffer,
      completeCheckout: checkout.completeCheckout,
      completedResult: checkout.completedResult,
      payOverdueRenewal: overdue.payOverdueRenewal,
    }),
    recovery: bindContext(ctx, { recoverCheckout: recovery.recoverCheckout }),
    counter: bindContext(ctx, {
      sellMembershipAtCounter: counter.sellMembershipAtCounter,
      changeMembershipAtCounter: counter.changeMembershipAtCounter,
      sellOfferAtCounter: counter.sellOfferAtCounter,
      completeCounterCheckout: counter.completeCounterCheckout,
    }),
    renewals: bindContext(ctx, {
      scheduleRenewal: renewals.scheduleRenewal,
      cancelMembership: renewals.cancelMembership,
      runRenewals: renewals.runRenewals,
      runExpiries: renewals.runExpiries,
      runExpiryNotices: renewals.runExpiryNotices,
    }),
    refunds: bindContext(ctx, { refundTransaction: refunds.refundTransaction }),
    rewards: bindContext(ctx, {
      getWallet: rewards.getWallet,
      listActiveOffers: rewards.listActiveOffers,
      runRewards: rewards.runRewards,
    }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
