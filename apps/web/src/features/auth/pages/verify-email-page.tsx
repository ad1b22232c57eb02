import { MailCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { ResendVerificationButton } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthShell } from "../components/auth-shell";
import { BackToLoginLink } from "../components/back-to-login-link";
import { StatusPanel } from "../components/status-panel";
import { VerifyEmailMessage } from "../components/verify-email-message";

/**
 * `/verify-email?email=`: check your inbox, with Resend (disabled without the e-mail
 * parameter, spec §2). A bad verification link comes back here with `?error=` (a toast).
 */
export function VerifyEmailPage() {
  useDocumentTitle("Verify your e-mail");
  useErrorParamToast();
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() || null;

  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <StatusPanel
        icon={<MailCheck aria-hidden="true" />}
        title="Verify your e-mail"
        actions={
          <>
            <ResendVerificationButton email={email} size="lg" fullWidth />
            <BackToLoginLink to="/" />
          </>
        }
      >
        <VerifyEmailMessage email={email} />
      </StatusPanel>
    </AuthShell>
  );
}
