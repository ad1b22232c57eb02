import { MEMBER_ACTION_MESSAGES, type Member } from "@tessera/shared";
import { useEffect } from "react";
import { ConfirmDialog } from "@/components/ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useDeleteMember, useSetMemberStatus } from "../api";

export type PendingMemberAction = {
  kind: "disable" | "enable" | "delete";
  member: Pick<Member, "id" | "firstName" | "lastName">;
};

/**
 * Disable asks first; Enable runs at once (spec §4); Delete asks first. A failed delete is only
 * logged and the dialog stays (spec §8).
 */
export function MemberStatusDialogs({
  pending,
  onClose,
  onDeleted,
}: {
  pending: PendingMemberAction | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const setStatus = useSetMemberStatus();
  const remove = useDeleteMember();
  const name = pending ? `${pending.member.firstName} ${pending.member.lastName}` : "";

  // Enable needs no confirmation: it starts as soon as it is chosen.
  const enable = pending?.kind === "enable" ? pending.member : null;
  const { mutate: setMemberStatus } = setStatus;
  useEffect(() => {
    if (!enable) return;
    onClose();
    setMemberStatus(
      { id: enable.id, status: "active" },
      {
        onSuccess: (response) => notifySuccess(response.message || MEMBER_ACTION_MESSAGES.enabled),
        onError: (error) => notifyError(error),
      },
    );
  }, [enable, onClose, setMemberStatus]);

  return (
    <>
      <ConfirmDialog
        open={pending?.kind === "disable"}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title="Disable member?"
        description={`${name} will not be able to sign in or redeem until you enable them again.`}
        confirmLabel="Disable"
        pending={setStatus.isPending}
        onConfirm={() => {
          if (!pending) return;
          setStatus.mutate(
            { id: pending.member.id, status: "disabled" },
            {
              onSuccess: (response) => {
                notifySuccess(response.message || MEMBER_ACTION_MESSAGES.disabled);
                onClose();
              },
              onError: (error) => notifyError(error),
            },
          );
        }}
      />
      <ConfirmDialog
        open={pending?.kind === "delete"}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title="Delete member?"
        description={`${name} will be removed. Your transaction and redemption history keeps their name.`}
        pending={remove.isPending}
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending.member.id, {
            onSuccess: (response) => {
              notifySuccess(response.message || MEMBER_ACTION_MESSAGES.deleted);
              onClose();
              onDeleted?.();
            },
            onError: (error) => console.error("Failed to delete member", error),
          });
        }}
      />
    </>
  );
}
