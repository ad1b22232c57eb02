import { ThemeToggle } from "@/components/theme-toggle";
import { useDocumentTitle } from "@/lib/use-document-title";
import { requestPasswordReset } from "../api";
import { AuthShell } from "../components/auth-shell";
import { ForgotPasswordForm } from "../components/forgot-password-form";

/** `/pass/forgot-password` (merchant and staff). */
export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <ForgotPasswordForm onRequest={requestPasswordReset} loginPath="/" />
    </AuthShell>
  );
}
