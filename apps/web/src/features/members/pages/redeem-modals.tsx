import { zodResolver } from "@hookform/resolvers/zod";
import {
  CASHBACK_MESSAGES,
  formatMoney,
  type GetMemberResponse,
  makeMerchantCashbackSchema,
} from "@tessera/shared";
import type { ReactNode } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import { fieldBinder } from "@/components/form-fields";
import { ModalFormActions } from "@/components/modal-form-actions";
import { Button, closeWhenIdle, Modal, TextInput } from "@/components/ui";
import { useCheckedForm } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useGoBack } from "@/lib/use-go-back";
import { useRedeemBenefit, useRedeemCashback, useRedeemOffer } from "../api";
import { memberDetailPath } from "../member-status";

/** The member of the page below, and the way back to it. */
function useRedeemContext() {
  const { member } = useOutletContext<GetMemberResponse>();
  return { member, goBack: useGoBack(memberDetailPath(member.id)) };
}

/** A redeem's callbacks: the server's message, then back to the member (spec §4). */
function thenBack(goBack: () => void) {
  return {
    onSuccess: (response: { message: string }) => {
      notifySuccess(response.message);
      goBack();
    },
    onError: (error: unknown) => notifyError(error),
  };
}

/** The modal of one redeem: it cannot be dismissed while the redeem is under way. */
function RedeemModal({
  title,
  description,
  pending,
  goBack,
  size,
  children,
}: {
  title: string;
  description: ReactNode;
  pending: boolean;
  goBack: () => void;
  size?: "sm";
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onOpenChange={closeWhenIdle(pending, goBack)}
      title={title}
      description={description}
      size={size}
    >
      {children}
    </Modal>
  );
}

/** What can be redeemed, a row each, or `empty` when there is nothing. */
function RedeemList({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0) {
    return <p className="py-6 text-center text-fg-muted text-sm">{empty}</p>;
  }
  return <ul className="flex flex-col gap-2">{children}</ul>;
}

/** One row of a RedeemList: what it is, then its Redeem button. */
function RedeemRow({
  label,
  disabled,
  loading,
  onRedeem,
  buttonText = "Redeem",
  children,
}: {
  /** The button's accessible name. */
  label: string;
  disabled: boolean;
  loading: boolean;
  onRedeem: () => void;
  buttonText?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-control border border-line px-3 py-2">
      {children}
      <Button size="sm" disabled={disabled} loading={loading} aria-label={label} onClick={onRedeem}>
        {buttonText}
      </Button>
    </li>
  );
}

/**
 * `/merchant/members/{id}/redeem-benefits` (Redeem Benefit; `?benefitId=` narrows it to one):
 * each redeem shows the server's message and goes back (spec §4).
 */
export function MemberBenefitsModal() {
  const { member, goBack } = useRedeemContext();
  const [params] = useSearchParams();
  const only = Number(params.get("benefitId")) || null;
  const redeem = useRedeemBenefit();
  const benefits = only ? member.benefits.filter((b) => b.id === only) : member.benefits;

  return (
    <RedeemModal
      title="Redeem Benefit"
      description={`${member.firstName} ${member.lastName}'s benefits this membership month.`}
      pending={redeem.isPending}
      goBack={goBack}
    >
      <RedeemList empty="No benefits available">
        {benefits.map((benefit) => (
          <RedeemRow
            key={benefit.id}
            label={`Redeem ${benefit.name}`}
            disabled={benefit.redeemed || redeem.isPending}
            loading={redeem.isPending && redeem.variables?.benefitId === benefit.id}
            onRedeem={() =>
              redeem.mutate({ benefitId: benefit.id, customerId: member.id }, thenBack(goBack))
            }
            buttonText={benefit.redeemed ? "Redeemed" : "Redeem"}
          >
            <div className="min-w-0">
              <p className="truncate font-medium text-fg text-sm">{benefit.name}</p>
              <p className="text-fg-muted text-xs">Worth {formatMoney(benefit.worth)}</p>
            </div>
          </RedeemRow>
        ))}
      </RedeemList>
    </RedeemModal>
  );
}

/**
 * Redeem Offers: `/merchant/members/{id}/redeem-offers` lists every redeemable offer, and
 * `/merchant/members/redeem-offer-modal?memberId&customerOfferId` asks about one.
 */
export function MemberOffersModal() {
  const { member, goBack } = useRedeemContext();
  const [params] = useSearchParams();
  const only = Number(params.get("customerOfferId")) || null;
  const redeem = useRedeemOffer();
  const offers = only ? member.offers.filter((o) => o.customerOfferId === only) : member.offers;

  return (
    <RedeemModal
      title="Redeem Offers"
      description={`Offers ${member.firstName} ${member.lastName} bought and can still use.`}
      pending={redeem.isPending}
      goBack={goBack}
    >
      <RedeemList empty="No Offer available">
        {offers.map((offer) => (
          <RedeemRow
            key={offer.customerOfferId}
            label={`Redeem ${offer.offerName}`}
            disabled={redeem.isPending}
            loading={
              redeem.isPending && redeem.variables?.customerOfferId === offer.customerOfferId
            }
            onRedeem={() =>
              redeem.mutate({ customerOfferId: offer.customerOfferId }, thenBack(goBack))
            }
          >
            <div className="flex min-w-0 items-center gap-3">
              {offer.offerImage ? (
                <img
                  src={offer.offerImage}
                  alt=""
                  className="size-10 shrink-0 rounded-control object-cover"
                />
              ) : null}
              <div className="min-w-0">
                <p className="truncate font-medium text-fg text-sm">{offer.offerName}</p>
                <p className="text-fg-muted text-xs">{formatMoney(offer.offerPrice)}</p>
              </div>
            </div>
          </RedeemRow>
        ))}
      </RedeemList>
    </RedeemModal>
  );
}

type CashbackForm = { amount: string };

/** `/merchant/members/redeem-cashback-modal?memberId=`: whole dollars up to the balance. */
export function MemberCashbackModal() {
  const { member, goBack } = useRedeemContext();
  const redeem = useRedeemCashback();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useCheckedForm<CashbackForm, { amount: number }>(
    zodResolver(makeMerchantCashbackSchema(member.cashbackBalance)) as never,
    { amount: "" },
  );
  const fieldProps = fieldBinder(register, errors);

  const onSubmit = handleSubmit(({ amount }) =>
    redeem.mutate(
      { customerId: member.id, price: amount },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || CASHBACK_MESSAGES.redeemed);
          goBack();
        },
        onError: (error) => notifyError(error, { fallback: CASHBACK_MESSAGES.redeemFailed }),
      },
    ),
  );

  return (
    <RedeemModal
      title="Redeem Cashback"
      pending={redeem.isPending}
      goBack={goBack}
      description={
        <>
          Available cashback:{" "}
          <span className="font-semibold text-fg tabular-nums">
            {formatMoney(member.cashbackBalance)}
          </span>
        </>
      }
      size="sm"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextInput
          label="Amount (whole dollars)"
          inputMode="numeric"
          type="number"
          min={1}
          step={1}
          autoFocus
          {...fieldProps("amount")}
        />
        <ModalFormActions pending={redeem.isPending} submitLabel="Redeem" />
      </form>
    </RedeemModal>
  );
}
