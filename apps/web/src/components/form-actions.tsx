import type { ReactNode } from "react";
import { Button } from "@/components/ui";

/**
 * A long form's last row, under a rule: Cancel (calls `onCancel`; off while saving) and the
 * submit button, side by side from the small breakpoint and stacked submit-first on phones.
 */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  submitDisabled,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-line border-t pt-4 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
