import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClassName } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";

/**
 * The last row of a form that is a page of its own: Cancel (a link back to `cancelTo`) and the
 * submit button, stacked submit-first on phones. `divided` draws a rule above the row.
 */
export function FormPageActions({
  cancelTo,
  pending,
  submitLabel,
  divided = false,
}: {
  cancelTo: string;
  pending: boolean;
  submitLabel: ReactNode;
  divided?: boolean;
}) {
  const { t } = useT();
  return (
    <div
      className={
        divided
          ? "flex flex-col-reverse gap-2 border-line border-t pt-4 sm:flex-row sm:justify-end"
          : "mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      }
    >
      <Link
        to={cancelTo}
        className={buttonClassName({ variant: "outline", className: "no-underline" })}
      >
        {t("Cancel")}
      </Link>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
