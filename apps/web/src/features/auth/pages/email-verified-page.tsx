import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthShell } from "../components/auth-shell";
import { StatusPanel } from "../components/status-panel";

/** `/email-verified`: where the merchant's verification link lands. */
export function EmailVerifiedPage() {
  useDocumentTitle("E-mail verified");
  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <StatusPanel
        tone="success"
        icon={<CircleCheck aria-hidden="true" />}
        title="Verified!"
        actions={
          <Link to="/" className={buttonClassName({ size: "lg", fullWidth: true })}>
            Login
          </Link>
        }
      >
        <p>Your e-mail address is verified. Log in to create your shop and get started.</p>
      </StatusPanel>
    </AuthShell>
  );
}
