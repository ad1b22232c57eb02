import {
  type CheckoutSession,
  formatMoneyIn,
  PAYMENT_MESSAGES,
  type PurchaseResult,
} from "@tessera/shared";
import { useRef } from "react";
import { Modal } from "@/components/ui";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { type CheckoutCompletion, useCompleteCheckout } from "../api";
import { formatPayableAmount } from "../checkout";
import { useReportPaymentError } from "../use-payment-errors";
import { FortisCardForm, SandboxCardForm } from "./card-forms";
import { PaymentWait } from "./payment-wait";

export interface PaymentFormModalProps {
  session: CheckoutSession;
  onDone: (result: PurchaseResult) => void;
  /** The form closed without a payment (dismissed, failed or declined). */
  onClose: () => void;
  /** "counter": the merchant took the card for a member (POST /member/payments/complete). */
  completion?: CheckoutCompletion;
}

/**
 * The provider's card form in a modal (spec §4 "a payment form opens in a modal"). The form's
 * `done` is checked by the server (complete); a decline or a form error shows "Payment failed,
 * Try again" once and closes the modal, granting nothing.
 */
export function PaymentFormModal({
  session,
  onDone,
  onClose,
  completion = "customer",
}: PaymentFormModalProps) {
  const shop = useCurrentShop();
  const complete = useCompleteCheckout(shop.id, completion);
  const reportError = useReportPaymentError(shop.id);
  // The provider may report twice (done then error, or a double submit): the first one counts.
  const settled = useRef(false);
  const { t, locale } = useT();
  const toastId = `payment:${session.checkoutId}`;

  function fail(error: unknown) {
    reportError(error, { fallback: PAYMENT_MESSAGES.paymentFailed, toastId });
    onClose();
  }

  function handleTransaction(transactionId: string) {
    if (settled.current) return;
    settled.current = true;
    // The promise, not mutate's callbacks: those are dropped if this form unmounts first, and
    // the refresh the payment triggers can unmount it (an overdue renewal's banner goes once
    // the membership reads as paid), which lost the success toast.
    complete.mutateAsync({ checkoutId: session.checkoutId, transactionId }).then((result) => {
      notifySuccess(result.message || PAYMENT_MESSAGES.paymentSuccessful, {
        toastId: `${toastId}:done`,
      });
      onDone(result);
    }, fail);
  }

  function handleFailure() {
    if (settled.current) return;
    settled.current = true;
    fail(PAYMENT_MESSAGES.paymentFailed);
  }

  const formProps = {
    clientToken: session.client_token,
    onTransaction: handleTransaction,
    onFailure: handleFailure,
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        // Once the card was taken, the modal stays until the server has answered.
        if (open || complete.isPending) return;
        settled.current = true;
        onClose();
      }}
      title={t("Pay by card")}
      description={
        <>
          {t("Payable Amount")}{" "}
          <span className="font-semibold text-fg tabular-nums">
            {formatPayableAmount(session.amount, locale)}
          </span>
          {session.cashbackUsed > 0
            ? ` ${t("after {amount} cashback", { amount: formatMoneyIn(locale, session.cashbackUsed) })}`
            : null}
        </>
      }
      hideCloseButton={complete.isPending}
    >
      <div className="relative">
        {session.provider === "sandbox" && session.formUrl ? (
          <SandboxCardForm formUrl={session.formUrl} {...formProps} />
        ) : session.provider === "fortis" && session.scriptUrl ? (
          <FortisCardForm
            scriptUrl={session.scriptUrl}
            environment={session.environment}
            {...formProps}
          />
        ) : (
          <p role="alert" className="py-10 text-center text-fg-muted text-sm">
            {translateText(PAYMENT_MESSAGES.paymentFailed)}
          </p>
        )}
        {complete.isPending ? (
          <PaymentWait
            status={t("Confirming your payment…")}
            className="absolute inset-0 rounded-control bg-surface/90"
          />
        ) : null}
      </div>
    </Modal>
  );
}
