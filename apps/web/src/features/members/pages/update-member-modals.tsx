import { zodResolver } from "@hookform/resolvers/zod";
import {
  formatMoney,
  type ManageMembershipValues,
  MEMBER_ACTION_MESSAGES,
  type MemberDetail,
  manageMembershipSchema,
  PAYMENT_METHOD_OPTIONS,
  type UpdateMemberValues,
  updateMemberSchema,
} from "@tessera/shared";
import { type ComponentType, useState } from "react";
import { useNavigate } from "react-router";
import { fieldBinder } from "@/components/form-fields";
import { ModalFormActions } from "@/components/modal-form-actions";
import { QueryFormRecord } from "@/components/query-form-record";
import {
  Button,
  ConfirmDialog,
  closeWhenIdle,
  countryOfPhoneNumber,
  Modal,
  ModalClose,
  Select,
} from "@/components/ui";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import {
  useActiveTiers,
  useCancelMemberMembership,
  useMember,
  useUpdateMember,
  useUpdateMembership,
} from "../api";
import {
  CONTACT_NAME_AND_PHONE_FIELDS,
  type ContactFormValues,
  MemberContactFields,
} from "../components/member-contact-fields";
import { MembershipSelect } from "../components/membership-select";
import { MEMBERS_PATH, RENEWAL_LABELS } from "../member-status";
import { useCounterCheckout } from "../use-counter-checkout";

/** What a member modal's form gets: the member, and the modal's save (pending while it runs). */
type MemberFormProps<Save> = { member: MemberDetail; save: Save };

/**
 * A modal over the members list whose form saves with `useSave`: it loads `?id=` ("Member not
 * found." for a bad id), and cannot be dismissed while the save runs.
 */
function MemberFormModal<Save extends { isPending: boolean }>({
  title,
  useSave,
  Form,
}: {
  title: string;
  useSave: () => Save;
  Form: ComponentType<MemberFormProps<Save>>;
}) {
  const navigate = useNavigate();
  const save = useSave();
  return (
    <Modal
      open
      onOpenChange={closeWhenIdle(save.isPending, () => navigate(MEMBERS_PATH, { replace: true }))}
      title={title}
      size="lg"
    >
      <QueryFormRecord
        useRecord={useMember}
        notFound={MEMBER_ACTION_MESSAGES.notFound}
        loadingLabel="Loading member"
        fieldShapes={["h-11 w-full", "h-11 w-full", "h-11 w-full"]}
      >
        {({ member }) => <Form key={member.id} member={member} save={save} />}
      </QueryFormRecord>
    </Modal>
  );
}

function UpdateMemberForm({ member, save }: MemberFormProps<ReturnType<typeof useUpdateMember>>) {
  const navigate = useNavigate();
  const form = useCheckedForm<ContactFormValues, UpdateMemberValues>(
    zodResolver(updateMemberSchema) as never,
    {
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      phoneNumber: member.phoneNumber ?? "",
      phoneCountry: countryOfPhoneNumber(member.phoneNumber),
    },
  );
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { userId: member.id, ...values },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || MEMBER_ACTION_MESSAGES.updated);
          navigate(MEMBERS_PATH, { replace: true });
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, CONTACT_NAME_AND_PHONE_FIELDS)) {
            notifyError(error, { fallback: MEMBER_ACTION_MESSAGES.updateFailed });
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <MemberContactFields form={form} emailReadOnly />
      </fieldset>
      <ModalFormActions pending={save.isPending} submitLabel="Save Changes" divided />
    </form>
  );
}

/** `/merchant/members/update-member?id=` (Update Member). */
export function UpdateMemberModal() {
  return (
    <MemberFormModal title="Update Member" useSave={useUpdateMember} Form={UpdateMemberForm} />
  );
}

type MembershipForm = { membershipId: string; paymentType: string };

function ManageMembershipForm({
  member,
  save,
}: MemberFormProps<ReturnType<typeof useUpdateMembership>>) {
  const navigate = useNavigate();
  const tiers = useActiveTiers();
  const cancel = useCancelMemberMembership();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const current = member.activeMembership;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useCheckedForm<MembershipForm, ManageMembershipValues>(
    zodResolver(manageMembershipSchema) as never,
    {
      membershipId: current ? String(current.membershipId) : "",
      paymentType: current?.paymentType === "cash" ? "cash" : current ? "pos" : "",
    },
  );
  const fieldProps = fieldBinder(register, errors);
  const done = () => navigate(MEMBERS_PATH, { replace: true });
  const { settle, checkoutModal } = useCounterCheckout(done);

  const onSubmit = handleSubmit((values) => {
    const tier = tiers.data?.find((t) => t.id === values.membershipId);
    save.mutate(
      {
        userId: member.id,
        membershipId: values.membershipId,
        plan: tier?.renewal,
        paymentType: values.paymentType,
        activeMembershipId: current?.id,
      },
      {
        onSuccess: (response) => settle(response, MEMBER_ACTION_MESSAGES.membershipUpdated),
        onError: (error) => notifyError(error),
      },
    );
  });

  if (checkoutModal) return checkoutModal;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-fg-muted text-sm">
        {current
          ? `Current: ${current.membershipName} (${RENEWAL_LABELS[current.plan]}). A change applies at the next renewal.`
          : `${member.firstName} has no membership. Choose one and take the payment.`}
      </p>
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <MembershipSelect
          tiers={tiers}
          optionLabel={(tier) =>
            `${tier.name} · ${formatMoney(tier.price)} / ${RENEWAL_LABELS[tier.renewal]}`
          }
          {...fieldProps("membershipId")}
        />
        <Select
          label="Payment type"
          placeholder="Select Card or Cash"
          options={PAYMENT_METHOD_OPTIONS}
          {...fieldProps("paymentType")}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 border-line border-t pt-4 sm:flex-row sm:justify-between">
        {current && current.status !== "cancelled" ? (
          <Button
            variant="ghost"
            className="text-danger-ink"
            onClick={() => setConfirmCancel(true)}
          >
            Cancel membership
          </Button>
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <ModalClose>
            <Button variant="outline" disabled={save.isPending}>
              Close
            </Button>
          </ModalClose>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel membership?"
        description="The membership stays usable until the end of the paid period, then stops renewing."
        confirmLabel="Cancel membership"
        cancelLabel="Keep it"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(
            { customerId: member.id, membershipId: current?.id },
            {
              onSuccess: (response) => {
                notifySuccess(response.message);
                setConfirmCancel(false);
                done();
              },
              onError: (error) => notifyError(error),
            },
          )
        }
      />
    </form>
  );
}

/** `/merchant/members/update-member-membership?id=` (Manage Membership). */
export function ManageMembershipModal() {
  return (
    <MemberFormModal
      title="Manage Membership"
      useSave={useUpdateMembership}
      Form={ManageMembershipForm}
    />
  );
}
