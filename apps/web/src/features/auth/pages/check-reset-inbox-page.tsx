import { MailCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthShell } from "../components/auth-shell";
import { BackToLoginLink } from "../components/back-to-login-link";
import { StatusPanel } from "../components/status-panel";

/** `/verify-email-to-reset-password`: a notice to check the inbox for the reset link. */
export function CheckResetInboxPage() {
  useDocumentTitle("Check your inbox");
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() || null;
  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <StatusPanel
        icon={<MailCheck aria-hidden="true" />}
        title="Check your inbox"
        actions={
          <>
            <Link
              to="/pass/forgot-password"
              className={buttonClassName({ variant: "outline", size: "lg", fullWidth: true })}
            >
              Send the link again
            </Link>
            <BackToLoginLink to="/" />
          </>
        }
      >
        <p>
          We sent a link to reset your password
          {email ? (
            <>
              {" "}
              to <span className="wrap-anywhere font-medium text-fg">{email}</span>
            </>
          ) : null}
          . Open the e-mail and follow the link to choose a new password. The link works once and
          for one hour.
        </p>
      </StatusPanel>
    </AuthShell>
  );
}
