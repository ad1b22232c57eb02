import { useQuery } from "@tanstack/react-query";
import { ACCESS_MESSAGES, RESET_PASSWORD_MESSAGES, resetPasswordSchema } from "@tessera/shared";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { NewPasswordFields } from "@/components/new-password-fields";
import { Button, Spinner } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useNewPasswordForm } from "@/lib/new-password-form";
import { notifyError, notifySuccess } from "@/lib/notify";
import { toast } from "@/lib/toast";
import {
  type ResetAudience,
  resetCustomerPassword,
  resetPassword,
  resetTokenQueryOptions,
} from "../api";
import { AuthHeading } from "./auth-heading";
import { SLOT, TextWith } from "./text-with";

const INVALID_TOKEN_TOAST_ID = "reset-token-invalid";

const shown = (message: string | undefined) => message && translateText(message);

/** "Set a new password", for whom when the link says. */
function ResetHeading({ email }: { email: string | undefined }) {
  const { t } = useT();
  return (
    <AuthHeading
      title={t("Set a new password")}
      description={
        email ? (
          <TextWith
            text={t("For {email}. Choose a password you do not use anywhere else.", {
              email: SLOT,
            })}
            slot={<span className="wrap-anywhere font-medium text-fg">{email}</span>}
          />
        ) : (
          t("Choose a password you do not use anywhere else.")
        )
      }
    />
  );
}

/** A failed token check: toast the spec's text (a network failure says so instead). */
function notifyBadLink(error: unknown) {
  if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
    notifyError(error, { toastId: INVALID_TOKEN_TOAST_ID });
    return;
  }
  toast.error(translateText(RESET_PASSWORD_MESSAGES.invalidToken), {
    toastId: INVALID_TOKEN_TOAST_ID,
  });
}

/**
 * Spec §2/§4 "Reset password": the link's token and e-mail are checked first (retry once);
 * a bad link shows "Invalid or expired token." and goes to the login page. Then a new password
 * and its re-type; after success the login page again.
 */
export function ResetPasswordView({
  audience,
  token,
  email,
  loginPath,
}: {
  audience: ResetAudience;
  token: string | null;
  email: string | undefined;
  loginPath: string;
}) {
  const navigate = useNavigate();
  const check = useQuery({
    ...resetTokenQueryOptions(audience, token ?? "", email),
    enabled: Boolean(token),
  });

  const isBadLink = !token || check.isError;
  useEffect(() => {
    if (!isBadLink) return;
    notifyBadLink(check.error);
    navigate(loginPath, { replace: true });
  }, [isBadLink, check.error, navigate, loginPath]);

  const {
    handleSubmit,
    fields,
    takeFieldErrors,
    formState: { isSubmitting },
  } = useNewPasswordForm(resetPasswordSchema);
  const { t } = useT();

  if (isBadLink || !check.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-fg-muted text-sm">
        <Spinner size="lg" className="text-primary-ink" label={t("Checking your link")} />
        <p aria-hidden="true">{t("Checking your link…")}</p>
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    if (!token) return;
    const resetEmail = email ?? check.data.email;
    try {
      const data =
        audience.kind === "merchant"
          ? await resetPassword({ token, email: resetEmail, password })
          : await resetCustomerPassword({ token, email: resetEmail, password, confirmPassword });
      notifySuccess(translateText(data?.message || ACCESS_MESSAGES.resetPassword));
      navigate(loginPath, { replace: true });
    } catch (error) {
      if (takeFieldErrors(error)) return;
      notifyError(error);
      // The token was refused after all (used meanwhile, or expired): start again from login.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        navigate(loginPath, { replace: true });
      }
    }
  });

  const shownEmail = email ?? check.data.email;

  return (
    <>
      <ResetHeading email={shownEmail} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {/* Lets password managers save the new password under the right account. */}
        {shownEmail ? (
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={shownEmail}
            readOnly
            hidden
          />
        ) : null}
        <NewPasswordFields
          {...fields({ password: "New Password", confirm: "Re-type Password" }, shown)}
          withPlaceholders
          translate={t}
        />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
          {t("Set new Password")}
        </Button>
      </form>
    </>
  );
}
