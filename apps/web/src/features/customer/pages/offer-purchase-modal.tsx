import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CheckoutSession,
  formatMoneyIn,
  makeOfferCashbackSchema,
  type OfferCashbackInput,
  PAYMENT_MESSAGES,
  type PublicOffer,
} from "@tessera/shared";
import { type ReactNode, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ErrorState, LoadingFields, QueryErrorState } from "@/components/ui";
import { CheckoutModal, useCustomerDashboard, usePurchaseOffer } from "@/features/payments";
import { useClearErrorOnEdit } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/use-t";
import { notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useShopOffers } from "../api";
import { CashbackAmountInput } from "../components/cashback-amount-input";
import { dashboardPath, maxOfferCashback, offerPayment } from "../dashboard";
import { useModalSubjectId } from "../modal-subject";

function OfferSummary({ offer }: { offer: PublicOffer }) {
  const { t, locale } = useT();
  return (
    <div className="flex gap-4">
      <img
        src={offer.offerImage}
        alt=""
        className="aspect-[33/21] w-32 shrink-0 rounded-control bg-muted object-cover sm:w-40"
      />
      <div className="min-w-0">
        <p className="font-semibold text-fg text-lg leading-snug">{offer.offerName}</p>
        <p className="mt-1 flex items-baseline gap-2">
          <span className="font-bold text-primary-ink text-xl">
            {formatMoneyIn(locale, offer.offerPrice)}
          </span>
          {offer.originalPrice !== null ? (
            <span className="text-fg-subtle text-sm line-through">
              <span className="sr-only">{t("Original price")} </span>
              {formatMoneyIn(locale, offer.originalPrice)}
            </span>
          ) : null}
        </p>
        <p className="mt-1 line-clamp-2 text-fg-muted text-sm">{offer.description}</p>
      </div>
    </div>
  );
}

function CashbackApplied({ amount, isFree }: { amount: string; isFree: boolean }) {
  const { t } = useT();
  return (
    <p className="text-fg-muted text-sm">
      {t(
        isFree
          ? "{amount} cashback applied: nothing left to pay by card."
          : "{amount} cashback applied.",
        { amount },
      )}
    </p>
  );
}

/**
 * `/{shopId}/customer/offer-purchase` over the dashboard (spec §2, §4 "Offer purchase with
 * cashback"): the offer, the cashback balance, an optional cashback amount and the Payable
 * Amount. Cashback covering the price completes the purchase at once; otherwise Checkout
 * buys it and pays the rest by card with the session the purchase returns.
 */
export function OfferPurchaseModal() {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const customerId = getSignedInCustomerId(shop.id);
  const offerId = useModalSubjectId("offerId");
  const offers = useShopOffers(shop.id);
  const dashboard = useCustomerDashboard(shop.id, customerId);
  const purchase = usePurchaseOffer(shop.id);
  const { t, locale } = useT();
  const money = (dollars: number) => formatMoneyIn(locale, dollars);

  const offer = offers.data?.find((item) => item.id === offerId) ?? null;
  const balance = dashboard.data?.rewardBalance ?? 0;
  const price = offer?.offerPrice ?? 0;
  const schema = useMemo(
    () => makeOfferCashbackSchema({ balance, offerPrice: price }),
    [balance, price],
  );
  const form = useForm<OfferCashbackInput, unknown, { cashbackUsed: number }>({
    resolver: zodResolver(schema),
    defaultValues: { cashbackUsed: "" },
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(form.watch, form.clearErrors);
  const typed = form.watch("cashbackUsed");
  const payment = offerPayment({ offerPrice: price, balance, cashback: typed });
  const maxCashback = maxOfferCashback(balance, price);

  const ready = offer !== null && dashboard.isSuccess;

  function close() {
    navigate(dashboardPath(shop.id), { replace: true, state: { tab: "offers" } });
  }

  /** Buys the offer; resolves the card checkout for the rest, or null when it is done. */
  async function checkout(): Promise<CheckoutSession | null> {
    if (!offer || customerId === null) return null;
    let cashbackUsed: number | null = null;
    await form.handleSubmit((values) => {
      cashbackUsed = values.cashbackUsed;
    })();
    if (cashbackUsed === null) return null;
    const response = await purchase.mutateAsync({ customerId, offerId: offer.id, cashbackUsed });
    if (response.outcome === "checkout") return response.data;
    notifySuccess(response.message || PAYMENT_MESSAGES.offerPurchased);
    close();
    return null;
  }

  let body: ReactNode;
  if (offers.isPending || (customerId !== null && dashboard.isPending)) {
    body = (
      <LoadingFields
        label={t("Loading offer")}
        shapes={["h-24 w-full rounded-card", "h-11 w-full"]}
      />
    );
  } else if (offers.isError) {
    body = <QueryErrorState query={offers} />;
  } else if (dashboard.isError) {
    body = <QueryErrorState query={dashboard} />;
  } else if (!offer) {
    body = (
      <ErrorState title={t("Offer unavailable")} message={PAYMENT_MESSAGES.offerUnavailable} />
    );
  } else {
    body = (
      <form noValidate className="flex flex-col gap-5" onSubmit={(event) => event.preventDefault()}>
        <OfferSummary offer={offer} />
        <div className="flex items-center justify-between gap-4 rounded-control bg-muted px-4 py-3 text-sm">
          <span className="text-fg-muted">{t("Cashback balance")}</span>
          <span className="font-semibold text-fg tabular-nums">{money(balance)}</span>
        </div>
        {maxCashback > 0 ? (
          <CashbackAmountInput
            label={t("Use cashback")}
            hint={t("Up to {amount}. The rest is paid by card.", { amount: money(maxCashback) })}
            error={form.formState.errors.cashbackUsed?.message}
            {...form.register("cashbackUsed")}
          />
        ) : null}
        {payment.cashbackUsed > 0 ? (
          <CashbackApplied amount={money(payment.cashbackUsed)} isFree={payment.isFree} />
        ) : null}
      </form>
    );
  }

  return (
    <CheckoutModal
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t("Buy offer")}
      showCancel
      amount={ready ? payment.payable : null}
      checkoutLabel={payment.isFree ? t("Complete Purchase") : t("Checkout")}
      onCheckout={checkout}
      failureMessage={PAYMENT_MESSAGES.purchaseFailed}
      onDone={close}
    >
      {body}
    </CheckoutModal>
  );
}
