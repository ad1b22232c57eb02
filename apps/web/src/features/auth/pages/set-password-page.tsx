import { ACCESS_MESSAGES, setPasswordSchema } from "@tessera/shared";
import { Link2Off } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NewPasswordFields } from "@/components/new-password-fields";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button, buttonClassName } from "@/components/ui";
import { useNewPasswordForm } from "@/lib/new-password-form";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useClearSessionOnOpen } from "@/lib/session-hooks";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSetEmployeePassword } from "../api";
import { AuthHeading } from "../components/auth-heading";
import { AuthShell } from "../components/auth-shell";
import { StatusPanel } from "../components/status-panel";

/**
 * `/set-password` and `/employee/set-password?token=`: a staff member invited by the owner
 * chooses a first password. Any stored session is cleared on opening (the link's token is an
 * invitation, never a session). After success: a toast and the login page.
 */
export function SetPasswordPage() {
  useDocumentTitle("Set your password");
  useClearSessionOnOpen();
  const [params] = useSearchParams();
  const token = params.get("token") || null;
  const navigate = useNavigate();
  const setPassword = useSetEmployeePassword();

  const { handleSubmit, fields, takeFieldErrors } = useNewPasswordForm(setPasswordSchema);

  const onSubmit = handleSubmit(({ password, confirmPassword }) => {
    if (!token) return;
    setPassword.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: (data) => {
          notifySuccess(data?.message || ACCESS_MESSAGES.passwordSet);
          navigate("/", { replace: true });
        },
        onError: (error) => {
          if (!takeFieldErrors(error)) notifyError(error);
        },
      },
    );
  });

  return (
    <AuthShell headerAction={<ThemeToggle />}>
      {token ? (
        <>
          <AuthHeading
            title="Set your password"
            description="You have been invited to join a shop's team. Choose a password to finish setting up your account."
          />
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <NewPasswordFields
              {...fields({ password: "New Password", confirm: "Confirm Password" })}
              withPlaceholders
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={setPassword.isPending}
              className="mt-2"
            >
              Set Password
            </Button>
          </form>
        </>
      ) : (
        <StatusPanel
          icon={<Link2Off aria-hidden="true" />}
          title="This link is incomplete"
          actions={
            <Link to="/" className={buttonClassName({ size: "lg", fullWidth: true })}>
              Go to login
            </Link>
          }
        >
          <p>
            Open the invitation link from your e-mail again, or ask the shop owner to send a new
            invitation.
          </p>
        </StatusPanel>
      )}
    </AuthShell>
  );
}
