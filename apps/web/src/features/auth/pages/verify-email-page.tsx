import { ResendVerificationButton } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { InboxNotice, useEmailParam } from "../components/inbox-notice";
import { VerifyEmailMessage } from "../components/verify-email-message";

/**
 * `/verify-email?email=`: check your inbox, with Resend (disabled without the e-mail
 * parameter, spec §2). A bad verification link comes back here with `?error=` (a toast).
 */
export function VerifyEmailPage() {
  useErrorParamToast();
  const email = useEmailParam();
  return (
    <InboxNotice
      title="Verify your e-mail"
      action={<ResendVerificationButton email={email} size="lg" fullWidth />}
    >
      <VerifyEmailMessage email={email} />
    </InboxNotice>
  );
}
