import { ACCESS_MESSAGES } from "@tessera/shared";
import { RefreshCw } from "lucide-react";
import { Alert, Button } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { ResendVerificationButton } from "./resend-verification-button";

/** Stands in for the address while the sentence is translated, so each language places it. */
const SLOT = "\u0000";

/**
 * Shown instead of a form that needs a verified e-mail (DOMAIN "Unverified accounts"): the
 * server's own words, Resend, and a way to check again after clicking the link elsewhere.
 */
export function VerifyEmailNotice({
  email,
  shopId,
  onCheckAgain,
  checking = false,
}: {
  email: string;
  shopId?: number;
  onCheckAgain?: () => void;
  checking?: boolean;
}) {
  const { t } = useT();
  const [before, after = ""] = t("The link was sent to {email}.", { email: SLOT }).split(SLOT);
  return (
    <Alert
      tone="warning"
      role="status"
      title={t("Verify your e-mail")}
      action={
        <>
          <ResendVerificationButton email={email} shopId={shopId} label={t("Resend")} size="sm" />
          {onCheckAgain ? (
            <Button
              size="sm"
              variant="ghost"
              loading={checking}
              leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={onCheckAgain}
            >
              {t("I have verified it")}
            </Button>
          ) : null}
        </>
      }
    >
      <p>{t(ACCESS_MESSAGES.emailNotVerified)}</p>
      <p className="mt-1">
        {before}
        <span className="font-medium text-fg">{email}</span>
        {after}
      </p>
    </Alert>
  );
}
