import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCESS_MESSAGES,
  type ChangePasswordInput,
  type ChangePasswordValues,
  changePasswordSchema,
} from "@tessera/shared";
import { ForgotPasswordLink } from "@/components/forgot-password-link";
import { fieldBinder } from "@/components/form-fields";
import { FormPageActions } from "@/components/form-page-actions";
import { NewPasswordFields } from "@/components/new-password-fields";
import { PasswordInput } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";

export type PasswordChange = { currentPassword: string; newPassword: string };

type SendCallbacks = {
  onSuccess: (data: { message?: string } | undefined) => void;
  onError: (error: unknown) => void;
};

/**
 * The Update Password form of the merchant and customer profiles: Current Password (with a
 * Forgot Password link under it), New Password, Re-Enter new Password. Only currentPassword
 * and newPassword are sent; success → toast, then `onUpdated`; a wrong current password shows
 * on its field. The page supplies where the links go and how the change is sent.
 */
export function ChangePasswordForm({
  forgotPasswordTo,
  cancelTo,
  pending,
  send,
  onUpdated,
}: {
  forgotPasswordTo: string;
  cancelTo: string;
  pending: boolean;
  /** Sends the change, calling back as a mutation's `mutate` does. */
  send: (change: PasswordChange, callbacks: SendCallbacks) => void;
  onUpdated: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useCheckedForm<ChangePasswordInput, ChangePasswordValues>(zodResolver(changePasswordSchema), {
    currentPassword: "",
    newPassword: "",
    confirmNewPassword: "",
  });
  const { t } = useT();
  const fieldProps = fieldBinder(register, errors, translateText);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    send(
      { currentPassword, newPassword },
      {
        onSuccess: (data) => {
          notifySuccess(data?.message || ACCESS_MESSAGES.passwordUpdated);
          onUpdated();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, ["currentPassword", "newPassword"])) return;
          // A 400 without field errors is still about the current password (spec §5).
          if (error instanceof ApiError && error.status === 400) {
            setError("currentPassword", { type: "server", message: error.message });
            return;
          }
          notifyError(error);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div>
        <PasswordInput
          label={t("Current Password")}
          autoComplete="current-password"
          {...fieldProps("currentPassword")}
        />
        <ForgotPasswordLink to={forgotPasswordTo} />
      </div>
      <NewPasswordFields
        password={{ label: "New Password", ...fieldProps("newPassword") }}
        confirm={{ label: "Re-Enter new Password", ...fieldProps("confirmNewPassword") }}
        translate={t}
      />
      <FormPageActions cancelTo={cancelTo} pending={pending} submitLabel={t("Update Password")} />
    </form>
  );
}
