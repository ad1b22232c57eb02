import { zodResolver } from "@hookform/resolvers/zod";
import type { SetPasswordValues, setPasswordSchema } from "@tessera/shared";
import type { NewPasswordField } from "@/components/new-password-fields";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import type { MessageKey } from "@/lib/i18n";

const FIELDS = ["password", "confirmPassword"] as const;

/**
 * A form that chooses a new password and repeats it (a staff invitation, a customer's first
 * password, a reset link). Besides the form it gives `fields`, the two fields' props for
 * NewPasswordFields under the page's labels (`shown` puts an error into the page's language),
 * and `takeFieldErrors`, which puts a refusal's messages for either field under it and says
 * whether it did (anything else the page reports itself).
 */
export function useNewPasswordForm(schema: typeof setPasswordSchema) {
  const form = useCheckedForm<SetPasswordValues>(zodResolver(schema), {
    password: "",
    confirmPassword: "",
  });
  const { errors } = form.formState;

  function fields(
    labels: { password: MessageKey; confirm: MessageKey },
    shown: (message: string | undefined) => string | undefined = (message) => message,
  ): { password: NewPasswordField; confirm: NewPasswordField } {
    return {
      password: {
        label: labels.password,
        error: shown(errors.password?.message),
        ...form.register("password"),
      },
      confirm: {
        label: labels.confirm,
        error: shown(errors.confirmPassword?.message),
        ...form.register("confirmPassword"),
      },
    };
  }

  const takeFieldErrors = (error: unknown) => applyServerFieldErrors(error, form.setError, FIELDS);

  return { ...form, fields, takeFieldErrors };
}
