import type { CheckoutSession, PurchaseResult } from "@tessera/shared";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Modal, SidePanel } from "@/components/ui";
import { FETCH_FAILED_MESSAGE } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { type CheckoutItem, createIntention } from "../api";
import { formatPayableAmount } from "../checkout";
import { useLoginToContinue, useReportPaymentError } from "../use-payment-errors";
import { PaymentWait } from "./payment-wait";

/**
 * The card forms (the provider's script loader, Fortis Elements, the sandbox form) load when a
 * checkout opens, not with the page that offers it: the customer dashboard shows the Buy
 * buttons on its first load, and most visits pay nothing.
 */
const loadPaymentForm = () => import("./payment-form-modal");
const PaymentFormModal = lazy(() =>
  loadPaymentForm().then((module) => ({ default: module.PaymentFormModal })),
);

/** While the card form's code arrives (it is usually fetched as the side panel opens). */
function PaymentFormLoading({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal open onOpenChange={(next) => !next && onClose()} title={t("Card payment")} size="md">
      <PaymentWait status={t("Opening the payment form…")} className="min-h-40" />
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
  const { locale } = useT();

  useEffect(() => {
    if (!open) setPaying(null);
    // Fetched while the customer reads the panel, so Checkout opens the form at once.
    else void loadPaymentForm();
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
        payableAmount={amount === null ? undefined : formatPayableAmount(amount, locale)}
        onCheckout={() => void handleCheckout()}
        checkoutLabel={checkoutLabel}
        checkoutLoading={starting}
        checkoutDisabled={checkoutDisabled}
      >
        {children}
      </SidePanel>
      {open && paying ? (
        <Suspense
          fallback={
            <PaymentFormLoading
              onClose={() => {
                setPaying(null);
                onOpenChange(false);
              }}
            />
          }
        >
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
        </Suspense>
      ) : null}
    </>
  );
}
