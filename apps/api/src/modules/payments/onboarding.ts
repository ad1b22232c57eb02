import { randomBytes } from "node:crypto";
import { PAYMENT_MESSAGES, type PaymentAccount } from "@tessera/shared";
import { AppError } from "../../errors";
import type { MerchantAccount } from "../../infra/payments/types";
import { recordPaymentSettings } from "../audit/record";
import { accountOf, callProvider, isConnected, type PaymentsContext, requireShop } from "./context";
import { recoverCheckout } from "./recovery";
import * as recoveryRepo from "./recovery-repo";
import * as repo from "./repo";

/**
 * Onboarding: the owner connects the shop to the payment provider, and the provider's
 * postbacks (onboarding approvals, refunds made on its side, payments whose completion never
 * arrived) are taken over.
 */

export async function getAccount(ctx: PaymentsContext, shopId: number): Promise<PaymentAccount> {
  const shop = await requireShop(ctx, shopId);
  const connected = isConnected(ctx, shop);
  return {
    provider: ctx.provider.name,
    connected,
    fortisId: connected ? shop.fortisId : null,
    fortisUserId: connected ? shop.fortisUserId : null,
  };
}

/** The owner starts onboarding; the provider's approval postback connects the shop. */
export async function startOnboarding(
  ctx: PaymentsContext,
  input: {
    shopId: number;
    owner: { email: string; firstName: string; lastName: string; phoneNumber: string | null };
  },
) {
  const shop = await requireShop(ctx, input.shopId);
  if (isConnected(ctx, shop)) throw new AppError("CONFLICT", PAYMENT_MESSAGES.alreadyConnected);
  const reference =
    shop.onboardingReference ?? `shop-${shop.id}-${randomBytes(9).toString("base64url")}`;
  if (!shop.onboardingReference) {
    await repo.updateShopPayments(ctx.db, shop.id, { onboardingReference: reference });
  }
  const { appLink } = await callProvider(ctx, () =>
    ctx.provider.startOnboarding({
      reference,
      shopName: shop.name,
      email: input.owner.email,
      firstName: input.owner.firstName,
      lastName: input.owner.lastName,
      phoneNumber: input.owner.phoneNumber,
      postbackUrl: ctx.postbackUrl,
      returnUrl: `${ctx.publicUrl}/merchant/profile`,
    }),
  );
  await recordPaymentSettings(ctx.db, shop.id, "onboarding_started", { reference });
  return { message: PAYMENT_MESSAGES.onboardingStarted, app_link: appLink };
}

/** The approval postback: stores the merchant's ids on the shop it names. */
export async function applyOnboarding(
  ctx: PaymentsContext,
  reference: string,
  account: MerchantAccount,
) {
  const shop = await repo.findShopByOnboardingReference(ctx.db, reference);
  if (!shop) return false;
  await connectShop(ctx, shop.id, account);
  return true;
}

/** Stores a merchant account on the shop (the API key sealed). */
export async function connectShop(ctx: PaymentsContext, shopId: number, account: MerchantAccount) {
  await repo.updateShopPayments(ctx.db, shopId, {
    fortisId: account.locationId,
    fortisUserId: account.userId,
    fortisApiKeyEncrypted: ctx.keyBox.seal(account.apiKey),
    fortisProductTransactionId: account.productTransactionId,
    paymentsProvider: ctx.provider.name,
  });
  await recordPaymentSettings(ctx.db, shopId, "connected", { provider: ctx.provider.name });
}

/**
 * A postback (already authenticated). Onboarding approvals connect the shop; a transaction
 * is re-fetched from the provider and only its refund state is taken over, since payments
 * are granted by the checkout completion and renewals by the renewal job.
 */
export async function handlePostback(ctx: PaymentsContext, body: unknown) {
  const { db, provider } = ctx;
  const event = provider.parsePostback(body);
  if (event.kind === "onboarding") {
    return { handled: await applyOnboarding(ctx, event.reference, event.account) };
  }
  if (event.kind === "transaction" && event.locationId) {
    const shop = await repo.findShopByLocation(db, event.locationId);
    if (!shop || !isConnected(ctx, shop)) return { handled: false };
    const txn = await callProvider(ctx, () =>
      provider.getTransaction(accountOf(ctx, shop), event.transactionId),
    );
    if (!txn) return { handled: false };
    const known = await repo.findTransactionByReference(db, shop.id, provider.name, txn.id);
    if (known && txn.refunded && known.status === "succeeded") {
      await repo.updateTransaction(db, known.id, { status: "refunded", refundedAt: ctx.now() });
    }
    if (!known && txn.outcome === "approved" && txn.reference) {
      // A form payment whose completion never arrived: its reference names the checkout.
      const owner = await recoveryRepo.findCheckoutShop(db, txn.reference);
      if (owner?.fortisId !== event.locationId) return { handled: false };
      const outcome = await recoverCheckout(ctx, owner.shopId, txn.reference);
      return { handled: outcome === "completed" || outcome === "refused" };
    }
    return { handled: Boolean(known) };
  }
  return { handled: false };
}
