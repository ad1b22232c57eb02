import { zodResolver } from "@hookform/resolvers/zod";
import { type ForgotPasswordValues, forgotPasswordSchema } from "@tessera/shared";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClassName } from "@/components/ui";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError } from "@/lib/notify";
import { AuthHeading } from "./auth-heading";
import { BackToLoginLink } from "./back-to-login-link";
import { EmailInput } from "./login-form";
import { SLOT, TextWith } from "./text-with";

export const FORGOT_PASSWORD_INTRO =
  "Enter your email, and we'll send you a password reset link to your inbox.";

/**
 * Spec §2 "Forgot password": an e-mail field under the intro text; after success the text
 * becomes the confirmation with the address. The server answers the same whether or not the
 * address exists, so the confirmation never says more than that.
 */
export function ForgotPasswordForm({
  onRequest,
  loginPath,
}: {
  onRequest: (email: string) => Promise<unknown>;
  loginPath: string;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useCheckedForm<ForgotPasswordValues>(zodResolver(forgotPasswordSchema), { email: "" });
  const [isResending, setIsResending] = useState(false);
  const { t } = useT();

  async function send(email: string) {
    try {
      await onRequest(email);
      setSentTo(email);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["email"])) notifyError(error);
    }
  }

  const onSubmit = handleSubmit(({ email }) => send(email));

  if (sentTo) {
    return (
      <div className="flex flex-col items-center text-center" role="status">
        <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
          <MailCheck aria-hidden="true" className="size-7" />
        </div>
        <h1 className="font-bold text-2xl text-fg">{t("Check your inbox")}</h1>
        <p className="mt-2 text-fg-muted text-sm">
          <TextWith
            text={t(
              "We have sent an email to reset your password! Please check your inbox at {email}",
              { email: SLOT },
            )}
            slot={<span className="wrap-anywhere font-medium text-fg">{sentTo}</span>}
          />
        </p>
        <p className="mt-4 text-fg-subtle text-xs">
          {t("The link works once and for one hour. Nothing there? Look in your spam folder.")}
        </p>
        <div className="mt-6 flex w-full flex-col gap-3">
          <Button
            variant="outline"
            fullWidth
            loading={isResending}
            onClick={async () => {
              setIsResending(true);
              await send(getValues("email") || sentTo);
              setIsResending(false);
            }}
          >
            {t("Send the link again")}
          </Button>
          <Link to={loginPath} className={buttonClassName({ variant: "ghost", fullWidth: true })}>
            {t("Back to login")}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <AuthHeading title={t("Forgot your password?")} description={t(FORGOT_PASSWORD_INTRO)} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailInput
          error={errors.email?.message && translateText(errors.email.message)}
          {...register("email")}
        />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
          {t("Send reset link")}
        </Button>
      </form>
      <div className="mt-6 flex justify-center">
        <BackToLoginLink to={loginPath} />
      </div>
    </>
  );
}
