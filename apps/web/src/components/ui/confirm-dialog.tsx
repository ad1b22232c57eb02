import type { ReactNode } from "react";
import { Button } from "./button";
import { Modal, ModalCancelButton } from "./modal";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions (default true). */
  destructive?: boolean;
  /** The action is running: the confirm button spins and the dialog stays. */
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * "Are you sure?" (spec: delete confirmations). The dialog stays open while the action runs
 * and after it fails (spec §8: a failed delete is only logged); the caller closes it on success.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  destructive = true,
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <ModalCancelButton pending={pending}>{cancelLabel}</ModalCancelButton>
          <Button
            variant={destructive ? "danger" : "primary"}
            loading={pending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
