import { FileDown } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { notifyError } from "@/lib/notify";
import { downloadFile } from "@/lib/save-file";

/**
 * "PDF receipt" for one payment (issue 17): the customer's own (`/customer/transactions/:id/
 * receipt`) or, for the shop, a member's (`/member/transactions/:id/receipt`). Declined payments
 * have none, so the callers leave it out for them.
 */
export function ReceiptDownload({
  transactionId,
  scope,
  label,
}: {
  transactionId: number;
  scope: "customer" | "member";
  /** What the payment was, for screen readers ("PDF receipt, Gold membership, Nov 2"). */
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const { t } = useT();
  async function download() {
    setBusy(true);
    try {
      await downloadFile(
        `/${scope}/transactions/${transactionId}/receipt`,
        `receipt-${transactionId}.pdf`,
      );
    } catch (error) {
      notifyError(error, {
        fallback: t("Could not download the receipt. Please try again."),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={download}
      loading={busy}
      leftIcon={<FileDown aria-hidden="true" className="size-4" />}
      aria-label={t("PDF receipt, {item}", { item: label })}
    >
      {t("PDF receipt")}
    </Button>
  );
}
