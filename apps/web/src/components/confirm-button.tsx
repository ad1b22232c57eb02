import { useState } from "react";
import { Button, type ButtonProps, ConfirmDialog, type ConfirmDialogProps } from "@/components/ui";

type Confirmation = Omit<ConfirmDialogProps, "open" | "onOpenChange" | "onConfirm"> & {
  /** Runs the action; calls `close` once it succeeded (on failure the dialog stays). */
  onConfirm: (close: () => void) => void;
};

/**
 * A button that asks first (Replace card code, Sign out everywhere else, Cancel Membership): it
 * opens `confirm`'s "Are you sure?" dialog, whose confirm runs the action.
 */
export function ConfirmButton({
  confirm: { onConfirm, ...dialog },
  ...button
}: Omit<ButtonProps, "onClick"> & { confirm: Confirmation }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)} />
      <ConfirmDialog
        {...dialog}
        open={open}
        onOpenChange={setOpen}
        onConfirm={() => onConfirm(() => setOpen(false))}
      />
    </>
  );
}
