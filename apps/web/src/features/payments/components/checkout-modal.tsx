import {
  type CheckoutSession,
  formatMoney,
  PAYMENT_MESSAGES,
  type PurchaseResult,
} from "@tessera/shared";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Modal, SidePanel, Spinner } from "@/components/ui";
import { FETCH_FAILED_MESSAGE } from "@/lib/api-client";
import { notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import {
  type CheckoutCompletion,
  type CheckoutItem,
  createIntention,
  useCompleteCheckout,
} from "../api";
import { formatPayableAmount } from "../checkout";
import { useLoginToContinue, useReportPaymentError } from "../use-payment-errors";
import { FortisCardForm, SandboxCardForm } from "./card-forms";

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
  const toastId = `payment:${session.checkoutId}`;

  function fail(error: unknown) {
    reportError(error, { fallback: PAYMENT_MESSAGES.paymentFailed, toastId });
    onClose();
  }

  function handleTransaction(transactionId: string) {
    if (settled.current) return;
    settled.current = true;
    complete.mutate(
      { checkoutId: session.checkoutId, transactionId },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || PAYMENT_MESSAGES.paymentSuccessful, {
            toastId: `${toastId}:done`,
          });
          onDone(result);
        },
        onError: fail,
      },
    );
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
      title="Pay by card"
      description={
        <>
          Payable Amount{" "}
          <span className="font-semibold text-fg tabular-nums">
            {formatPayableAmount(session.amount)}
          </span>
          {session.cashbackUsed > 0 ? ` after ${formatMoney(session.cashbackUsed)} cashback` : null}
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
            {PAYMENT_MESSAGES.paymentFailed}
          </p>
        )}
        {complete.isPending ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-control bg-surface/90 text-fg">
            <Spinner size="lg" decorative />
            <p role="status" className="font-medium text-sm">
              Confirming your payment…
            </p>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

export interface CheckoutModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** What is being bought, above the Payable Amount line. */
  children?: ReactNode;
  /** Dollars due by card, shown as the Payable Amount; null while not known (no Checkout). */
  amount: number | null;
  checkoutLabel?: string;
  checkoutDisabled?: boolean;
  /** A Cancel button beside Checkout (spec §2 "optional Cancel"). */
  showCancel?: boolean;
  /** What is paid for: Checkout requests a transaction intention for it. */
  item?: CheckoutItem;
  /** A session the caller already has: Checkout opens the card form at once. */
  session?: CheckoutSession | null;
  /**
   * The caller's own checkout step instead of an intention (offer purchase): resolves the
   * session to pay, or null when nothing is left to pay. A rejection is reported with
   * `failureMessage` when the server gave no message.
   */
  onCheckout?: () => Promise<CheckoutSession | null>;
  failureMessage?: string;
  /** The payment went through (toast shown, customer data refreshed); close the checkout here. */
  onDone: (result: PurchaseResult) => void;
}

/**
 * The checkout side panel (spec §2: a slide-up sheet with a title, Close, optional Cancel, the
 * Payable Amount and Checkout). Checkout gets a checkout session (pending meanwhile) and
 * replaces the panel with the card form's modal. Without a customer session it says "Please
 * login to continue." and goes to the shop's login.
 */
export function CheckoutModal({
  open,
  onOpenChange,
  title,
  description,
  children,
  amount,
  checkoutLabel,
  checkoutDisabled,
  showCancel = false,
  item,
  session,
  onCheckout,
  failureMessage = FETCH_FAILED_MESSAGE,
  onDone,
}: CheckoutModalProps) {
  const shop = useCurrentShop();
  const loginToContinue = useLoginToContinue(shop.id);
  const reportError = useReportPaymentError(shop.id);
  const [paying, setPaying] = useState<CheckoutSession | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!open) setPaying(null);
  }, [open]);

  async function handleCheckout() {
    const customerId = getSignedInCustomerId(shop.id);
    if (customerId === null) {
      loginToContinue();
      return;
    }
    if (session) {
      setPaying(session);
      return;
    }
    setStarting(true);
    try {
      const next = onCheckout
        ? await onCheckout()
        : item && amount !== null
          ? await createIntention({ ...item, amount, shopId: shop.id, customerId })
          : null;
      if (next) setPaying(next);
    } catch (error) {
      reportError(error, { fallback: failureMessage });
    } finally {
      setStarting(false);
    }
  }

  return (
    <>
      <SidePanel
        open={open && paying === null}
        onOpenChange={(next) => {
          if (!next && paying === null && !starting) onOpenChange(false);
        }}
        title={title}
        description={description}
        showCancel={showCancel}
        payableAmount={amount === null ? undefined : formatPayableAmount(amount)}
        onCheckout={() => void handleCheckout()}
        checkoutLabel={checkoutLabel}
        checkoutLoading={starting}
        checkoutDisabled={checkoutDisabled}
      >
        {children}
      </SidePanel>
      {open && paying ? (
        <PaymentFormModal
          key={paying.checkoutId}
          session={paying}
          onDone={(result) => {
            setPaying(null);
            onDone(result);
          }}
          onClose={() => {
            setPaying(null);
            onOpenChange(false);
          }}
        />
      ) : null}
    </>
  );
}
