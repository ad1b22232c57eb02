import { zodResolver } from "@hookform/resolvers/zod";
import { customerSetPasswordSchema, type SetPasswordValues } from "@tessera/shared";
import { FormPageActions } from "@/components/form-page-actions";
import { NewPasswordFields } from "@/components/new-password-fields";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useSetFirstPassword } from "../api";

/**
 * A customer who joined with an e-mailed code or Google has no password: they choose one here
 * (no current password to give), and can then sign in with it as well.
 */
export function SetFirstPasswordForm({
  shopId,
  cancelTo,
  onDone,
}: {
  shopId: number;
  cancelTo: string;
  onDone: () => void;
}) {
  const setPassword = useSetFirstPassword(shopId);
  const { t } = useT();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useCheckedForm<SetPasswordValues>(zodResolver(customerSetPasswordSchema), {
    password: "",
    confirmPassword: "",
  });

  const onSubmit = handleSubmit((values) =>
    setPassword.mutate(values, {
      onSuccess: (data) => {
        notifySuccess(data.message);
        onDone();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ["password", "confirmPassword"])) {
          notifyError(error);
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <NewPasswordFields
        password={{
          label: "Password",
          error: errors.password?.message && translateText(errors.password.message),
          ...register("password"),
        }}
        confirm={{
          label: "Confirm Password",
          error: errors.confirmPassword?.message && translateText(errors.confirmPassword.message),
          ...register("confirmPassword"),
        }}
        translate={t}
      />
      <FormPageActions
        cancelTo={cancelTo}
        pending={setPassword.isPending}
        submitLabel={t("Set Password")}
      />
    </form>
  );
}
