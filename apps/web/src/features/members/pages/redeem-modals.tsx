import { zodResolver } from "@hookform/resolvers/zod";
import {
  CASHBACK_MESSAGES,
  formatMoney,
  type GetMemberResponse,
  makeMerchantCashbackSchema,
} from "@tessera/shared";
import { useOutletContext, useSearchParams } from "react-router";
import { ModalFormActions } from "@/components/modal-form-actions";
import { Button, Modal, TextInput } from "@/components/ui";
import { useCheckedForm } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useGoBack } from "@/lib/use-go-back";
import { useRedeemBenefit, useRedeemCashback, useRedeemOffer } from "../api";
import { memberDetailPath } from "../member-status";

function useMemberContext() {
  return useOutletContext<GetMemberResponse>().member;
}

/**
 * `/merchant/members/{id}/redeem-benefits` (Redeem Benefit; `?benefitId=` narrows it to one):
 * each redeem shows the server's message and goes back (spec §4).
 */
export function MemberBenefitsModal() {
  const member = useMemberContext();
  const [params] = useSearchParams();
  const only = Number(params.get("benefitId")) || null;
  const goBack = useGoBack(memberDetailPath(member.id));
  const redeem = useRedeemBenefit();
  const benefits = only ? member.benefits.filter((b) => b.id === only) : member.benefits;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !redeem.isPending) goBack();
      }}
      title="Redeem Benefit"
      description={`${member.firstName} ${member.lastName}'s benefits this membership month.`}
    >
      {benefits.length === 0 ? (
        <p className="py-6 text-center text-fg-muted text-sm">No benefits available</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {benefits.map((benefit) => (
            <li
              key={benefit.id}
              className="flex items-center justify-between gap-3 rounded-control border border-line px-3 py-2"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-fg text-sm">{benefit.name}</p>
                <p className="text-fg-muted text-xs">Worth {formatMoney(benefit.worth)}</p>
              </div>
              <Button
                size="sm"
                disabled={benefit.redeemed || redeem.isPending}
                loading={redeem.isPending && redeem.variables?.benefitId === benefit.id}
                aria-label={`Redeem ${benefit.name}`}
                onClick={() =>
                  redeem.mutate(
                    { benefitId: benefit.id, customerId: member.id },
                    {
                      onSuccess: (response) => {
                        notifySuccess(response.message);
                        goBack();
                      },
                      onError: (error) => notifyError(error),
                    },
                  )
                }
              >
                {benefit.redeemed ? "Redeemed" : "Redeem"}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/**
 * Redeem Offers: `/merchant/members/{id}/redeem-offers` lists every redeemable offer, and
 * `/merchant/members/redeem-offer-modal?memberId&customerOfferId` asks about one.
 */
export function MemberOffersModal() {
  const member = useMemberContext();
  const [params] = useSearchParams();
  const only = Number(params.get("customerOfferId")) || null;
  const goBack = useGoBack(memberDetailPath(member.id));
  const redeem = useRedeemOffer();
  const offers = only ? member.offers.filter((o) => o.customerOfferId === only) : member.offers;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !redeem.isPending) goBack();
      }}
      title="Redeem Offers"
      description={`Offers ${member.firstName} ${member.lastName} bought and can still use.`}
    >
      {offers.length === 0 ? (
        <p className="py-6 text-center text-fg-muted text-sm">No Offer available</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {offers.map((offer) => (
            <li
              key={offer.customerOfferId}
              className="flex items-center justify-between gap-3 rounded-control border border-line px-3 py-2"
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
              <Button
                size="sm"
                disabled={redeem.isPending}
                loading={
                  redeem.isPending && redeem.variables?.customerOfferId === offer.customerOfferId
                }
                aria-label={`Redeem ${offer.offerName}`}
                onClick={() =>
                  redeem.mutate(
                    { customerOfferId: offer.customerOfferId },
                    {
                      onSuccess: (response) => {
                        notifySuccess(response.message);
                        goBack();
                      },
                      onError: (error) => notifyError(error),
                    },
                  )
                }
              >
                Redeem
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

type CashbackForm = { amount: string };

/** `/merchant/members/redeem-cashback-modal?memberId=`: whole dollars up to the balance. */
export function MemberCashbackModal() {
  const member = useMemberContext();
  const goBack = useGoBack(memberDetailPath(member.id));
  const redeem = useRedeemCashback();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useCheckedForm<CashbackForm, { amount: number }>(
    zodResolver(makeMerchantCashbackSchema(member.cashbackBalance)) as never,
    { amount: "" },
  );

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
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !redeem.isPending) goBack();
      }}
      title="Redeem Cashback"
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
          error={errors.amount?.message}
          {...register("amount")}
        />
        <ModalFormActions pending={redeem.isPending} submitLabel="Redeem" />
      </form>
    </Modal>
  );
}
