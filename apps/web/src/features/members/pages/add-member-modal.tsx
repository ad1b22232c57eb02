import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_PHONE_COUNTRY,
  formatMoney,
  MEMBER_ACTION_MESSAGES,
  type NewMemberValues,
  newMemberSchema,
  PAYMENT_METHOD_OPTIONS,
} from "@tessera/shared";
import { useNavigate } from "react-router";
import { fieldBinder } from "@/components/form-fields";
import { ModalFormActions } from "@/components/modal-form-actions";
import { closeWhenIdle, Modal, Select } from "@/components/ui";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useGoBack } from "@/lib/use-go-back";
import { useActiveTiers, useCreateMember } from "../api";
import {
  CONTACT_NAME_AND_PHONE_FIELDS,
  type ContactFormValues,
  MemberContactFields,
} from "../components/member-contact-fields";
import { MEMBERS_PATH, RENEWAL_LABELS, SET_PAYMENT_PATH } from "../member-status";
import type { PaymentStepState } from "./set-payment-modal";

type FormValues = ContactFormValues & { membershipId: string; paymentType: string };

/**
 * `/merchant/members/add-member` (spec §2 "Add New Member"): contact details, an optional plan
 * and Card or Cash. With a plan the member is created, then the payment step takes over;
 * without one the member is added and the list shows them.
 */
export function AddMemberModal() {
  const navigate = useNavigate();
  const goBack = useGoBack(MEMBERS_PATH);
  const tiers = useActiveTiers();
  const create = useCreateMember();
  const form = useCheckedForm<FormValues, NewMemberValues>(zodResolver(newMemberSchema) as never, {
    firstName: "",
    lastName: "",
    email: "",
    phoneNumber: "",
    phoneCountry: DEFAULT_PHONE_COUNTRY,
    membershipId: "",
    paymentType: "",
  });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = form;
  const fieldProps = fieldBinder(register, errors);
  const membershipId = watch("membershipId");

  const onSubmit = handleSubmit((values) => {
    const tier = tiers.data?.find((t) => t.id === values.membershipId);
    const input = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phoneNumber: values.phoneNumber,
      phoneCountry: values.phoneCountry,
      membershipId: values.membershipId,
      planType: tier?.renewal,
      paymentType: values.paymentType,
    };
    create.mutate(input, {
      onSuccess: (response) => {
        if (response.paymentRequired && tier && values.paymentType) {
          notifySuccess(response.message || MEMBER_ACTION_MESSAGES.createdPaymentNext);
          const state: PaymentStepState = {
            memberId: response.member.id,
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            phone: values.phoneNumber,
            phoneCountry: values.phoneCountry ?? DEFAULT_PHONE_COUNTRY,
            membershipId: tier.id,
            paymentType: values.paymentType,
          };
          navigate(SET_PAYMENT_PATH, { state, replace: true });
          return;
        }
        notifySuccess(response.message || MEMBER_ACTION_MESSAGES.created);
        navigate(MEMBERS_PATH, { replace: true });
      },
      onError: (error) => {
        if (
          !applyServerFieldErrors(error, setError, [
            ...CONTACT_NAME_AND_PHONE_FIELDS,
            "email",
            "membershipId",
            "paymentType",
          ])
        ) {
          notifyError(error, { fallback: MEMBER_ACTION_MESSAGES.createFailed });
        }
      },
    });
  });

  return (
    <Modal
      open
      onOpenChange={closeWhenIdle(create.isPending, goBack)}
      title="Add New Member"
      size="lg"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset disabled={create.isPending} className="flex flex-col gap-4">
          <MemberContactFields form={form} />
          <Select
            label="Membership plan (optional)"
            placeholder={tiers.isPending ? "Loading plans…" : "No plan"}
            options={[
              { value: "", label: "No plan" },
              ...(tiers.data ?? []).map((tier) => ({
                value: String(tier.id),
                label: `${tier.name} · ${formatMoney(tier.price)} / ${RENEWAL_LABELS[tier.renewal]}`,
              })),
            ]}
            {...fieldProps("membershipId")}
          />
          <fieldset className="flex flex-col gap-2" disabled={!membershipId}>
            <legend className="mb-1 font-medium text-fg text-sm">Payment method</legend>
            <div className="flex gap-3">
              {PAYMENT_METHOD_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className="flex flex-1 cursor-pointer items-center gap-2 rounded-control border border-line px-3 py-2 text-fg text-sm has-checked:border-primary has-disabled:cursor-not-allowed has-disabled:opacity-60"
                >
                  <input type="radio" value={option.value} {...register("paymentType")} />
                  {option.label}
                </label>
              ))}
            </div>
            {errors.paymentType?.message ? (
              <p role="alert" className="text-danger-ink text-sm">
                {errors.paymentType.message}
              </p>
            ) : (
              <p className="text-fg-muted text-xs">
                {membershipId
                  ? "How the member pays for the plan."
                  : "Choose a plan to take a payment."}
              </p>
            )}
          </fieldset>
        </fieldset>
        <ModalFormActions pending={create.isPending} submitLabel="Submit" divided />
      </form>
    </Modal>
  );
}
