import { ACCESS_MESSAGES } from "@tessera/shared";
import { RefreshCw } from "lucide-react";
import { Alert, Button } from "@/components/ui";
import { ResendVerificationButton } from "./resend-verification-button";

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
  return (
    <Alert
      tone="warning"
      role="status"
      title="Verify your e-mail"
      action={
        <>
          <ResendVerificationButton email={email} shopId={shopId} size="sm" />
          {onCheckAgain ? (
            <Button
              size="sm"
              variant="ghost"
              loading={checking}
              leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={onCheckAgain}
            >
              I have verified it
            </Button>
          ) : null}
        </>
      }
    >
      <p>{ACCESS_MESSAGES.emailNotVerified}</p>
      <p className="mt-1">
        The link was sent to <span className="font-medium text-fg">{email}</span>.
      </p>
    </Alert>
  );
}
