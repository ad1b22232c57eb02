import type { CheckoutSession } from "@tessera/shared";
import { type ReactNode, useState } from "react";
import { PaymentFormModal } from "@/features/payments";
import { notifySuccess } from "@/lib/notify";
import { useInvalidateMembers } from "./api";

/**
 * What a sale at the counter answers: done (cash; a plan change may be "scheduled" for the next
 * renewal), or a card checkout to complete first.
 */
export type CounterSaleResponse =
  | { outcome: "completed" | "scheduled"; message: string }
  | { outcome: "checkout"; data: CheckoutSession };

/**
 * The card step shared by the counter sales (set payment, manage membership, offer price):
 * `settle` takes the sale's answer — a checkout opens the card form, which then stands in for
 * the sale's modal (`checkoutModal`), while a completed sale is toasted (`fallback` when the
 * server gave no message) and `done` runs. A finished card payment refreshes the members and
 * runs `done`; closing the card form runs `onCancel` (by default back to the sale's form).
 */
export function useCounterCheckout(done: () => void, onCancel?: () => void) {
  const refresh = useInvalidateMembers();
  const [session, setSession] = useState<CheckoutSession | null>(null);

  function settle(response: CounterSaleResponse, fallback?: string) {
    if (response.outcome === "checkout") {
      setSession(response.data);
      return;
    }
    notifySuccess(fallback === undefined ? response.message : response.message || fallback);
    done();
  }

  const checkoutModal: ReactNode = session ? (
    <PaymentFormModal
      session={session}
      completion="counter"
      onDone={() => {
        void refresh();
        done();
      }}
      onClose={onCancel ?? (() => setSession(null))}
    />
  ) : null;

  return { settle, checkoutModal };
}
