import { ERASURE_CONFIRM_WORD } from "@tessera/shared";
import { type ReactNode, useId, useState } from "react";
import { Button, Modal, ModalClose, TextInput } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";

export interface EraseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What goes and what stays, in the words of whoever reads it (the customer or the owner). */
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/**
 * The erasure confirmation: it cannot be undone, so the person types the word before the red
 * button works. The dialog stays open while the request runs and after it fails.
 */
export function EraseDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
}: EraseDialogProps) {
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const { t } = useT();
  const confirmed = typed.trim().toUpperCase() === ERASURE_CONFIRM_WORD;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) setTyped("");
        onOpenChange(next);
      }}
      title={title}
      size="md"
      footer={
        <>
          <ModalClose>
            <Button variant="outline" disabled={pending}>
              {t("Cancel")}
            </Button>
          </ModalClose>
          <Button
            variant="danger"
            loading={pending}
            disabled={!confirmed}
            onClick={() => {
              if (confirmed) onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-fg text-sm">
        {children}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !pending) onConfirm();
          }}
        >
          <TextInput
            id={inputId}
            label={t("Type {word} to confirm", { word: ERASURE_CONFIRM_WORD })}
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={pending}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </div>
    </Modal>
  );
}
