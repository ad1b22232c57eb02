import { MailCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { ResendVerificationButton } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthShell } from "../components/auth-shell";
import { BackToLoginLink } from "../components/back-to-login-link";
import { StatusPanel } from "../components/status-panel";

/** The text of both verify-e-mail pages (merchant and shop). */
export function VerifyEmailMessage({ email }: { email: string | null }) {
  return email ? (
    <p>
      We sent a verification link to{" "}
      <span className="wrap-anywhere font-medium text-fg">{email}</span>. Open it to verify your
      account. Nothing there? Look in your spam folder, or send it again.
    </p>
  ) : (
    <p>
      We sent you a verification link. Open it to verify your account. Nothing there? Look in your
      spam folder.
    </p>
  );
}

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
