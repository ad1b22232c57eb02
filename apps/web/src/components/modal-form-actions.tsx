import type { ReactNode } from "react";
import { Button, ModalCancelButton } from "@/components/ui";

/**
 * A modal form's last row: Cancel (closes the modal; off while saving) and the submit button,
 * side by side from the small breakpoint and stacked submit-first on phones. `divided` draws a
 * rule above the row, for forms whose fields run long.
 */
export function ModalFormActions({
  pending,
  submitLabel,
  divided = false,
}: {
  pending: boolean;
  submitLabel: ReactNode;
  divided?: boolean;
}) {
  return (
    <div
      className={
        divided
          ? "flex flex-col-reverse gap-2 border-line border-t pt-4 sm:flex-row sm:justify-end"
          : "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      }
    >
      <ModalCancelButton pending={pending}>Cancel</ModalCancelButton>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
