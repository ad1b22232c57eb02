import { useSearchParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { useClearSessionOnOpen } from "@/lib/session-hooks";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthShell } from "../components/auth-shell";
import { ResetPasswordView } from "../components/reset-password-view";

/** `/pass/reset-password?token=&email=`: the merchant's reset link. Clears a stored session. */
export function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  useClearSessionOnOpen();
  const [params] = useSearchParams();
  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <ResetPasswordView
        audience={{ kind: "merchant" }}
        token={params.get("token") || null}
        email={params.get("email") || undefined}
        loginPath="/"
      />
    </AuthShell>
  );
}
