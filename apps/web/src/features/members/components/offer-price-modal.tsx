import {
  checkOfferCashback,
  formatMoney,
  type MemberDetail,
  type MerchantPaymentMethod,
  PAYMENT_METHOD_OPTIONS,
} from "@tessera/shared";
import { useState } from "react";
import { ModalFormActions } from "@/components/modal-form-actions";
import { closeWhenIdle, Modal, Select, TextInput } from "@/components/ui";
import { notifyError } from "@/lib/notify";
import { useActiveOffers, usePurchaseOfferForMember } from "../api";
import { useCounterCheckout } from "../use-counter-checkout";

/**
 * The Offer Price (pay) modal: the merchant sells one of today's offers to the member, by cash
 * or card at the counter, optionally paying part with cashback up to min(balance, price).
 */
export function OfferPriceModal({
  member,
  onClose,
}: {
  member: MemberDetail;
  onClose: () => void;
}) {
  const offers = useActiveOffers(true);
  const purchase = usePurchaseOfferForMember();
  const [offerId, setOfferId] = useState("");
  const [paymentType, setPaymentType] = useState<MerchantPaymentMethod | "">("");
  const [cashback, setCashback] = useState("");
  const [errors, setErrors] = useState<{ offer?: string; payment?: string; cashback?: string }>({});
  const { settle, checkoutModal } = useCounterCheckout(onClose, onClose);
  const offer = offers.data?.find((o) => String(o.id) === offerId);
  const usable = offer ? Math.min(member.cashbackBalance, offer.offerPrice) : 0;
  const check = checkOfferCashback(cashback, {
    balance: member.cashbackBalance,
    offerPrice: offer?.offerPrice,
  });
  const due = offer && check.ok ? Math.max(0, offer.offerPrice - check.value) : null;

  function submit() {
    const next: typeof errors = {};
    if (!offer) next.offer = "Please select an offer.";
    if (!paymentType) next.payment = "Please select a payment type.";
    if (!check.ok) next.cashback = check.message;
    setErrors(next);
    if (!offer || !paymentType || !check.ok) return;
    purchase.mutate(
      { memberId: member.id, offerId: offer.id, paymentType, cashbackUsed: check.value },
      {
        onSuccess: (response) => settle(response),
        onError: (error) => notifyError(error),
      },
    );
  }

  if (checkoutModal) return checkoutModal;

  return (
    <Modal
      open
      onOpenChange={closeWhenIdle(purchase.isPending, onClose)}
      title="Offer Price"
      description={`Sell an offer to ${member.firstName} ${member.lastName} at the counter.`}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Select
          label="Offer"
          placeholder={offers.isPending ? "Loading offers…" : "Select an offer"}
          options={(offers.data ?? []).map((o) => ({
            value: String(o.id),
            label: `${o.offerName} (${formatMoney(o.offerPrice)})`,
          }))}
          value={offerId}
          onChange={(event) => {
            setOfferId(event.target.value);
            setErrors({});
          }}
          error={errors.offer ?? (offers.isError ? "Could not load offers." : undefined)}
        />
        <Select
          label="Payment method"
          placeholder="Select Card or Cash"
          options={PAYMENT_METHOD_OPTIONS}
          value={paymentType}
          onChange={(event) => {
            setPaymentType(event.target.value as MerchantPaymentMethod);
            setErrors((e) => ({ ...e, payment: undefined }));
          }}
          error={errors.payment}
        />
        <TextInput
          label="Cashback to use"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          hint={
            member.cashbackBalance > 0
              ? `Up to ${formatMoney(usable || member.cashbackBalance)} (balance ${formatMoney(member.cashbackBalance)})`
              : "No cashback available"
          }
          disabled={member.cashbackBalance <= 0}
          value={cashback}
          onChange={(event) => {
            setCashback(event.target.value);
            setErrors((e) => ({ ...e, cashback: undefined }));
          }}
          error={errors.cashback}
        />
        <p className="flex items-center justify-between rounded-control bg-muted px-3 py-2 text-sm">
          <span className="text-fg-muted">Payable Amount</span>
          <span className="font-semibold text-fg tabular-nums">
            {due === null ? "—" : formatMoney(due)}
          </span>
        </p>
        <ModalFormActions
          pending={purchase.isPending}
          submitLabel={paymentType === "pos" && due !== 0 ? "Continue to card" : "Pay"}
        />
      </form>
    </Modal>
  );
}
