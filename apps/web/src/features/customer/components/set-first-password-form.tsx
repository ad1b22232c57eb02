import { customerSetPasswordSchema } from "@tessera/shared";
import { FormPageActions } from "@/components/form-page-actions";
import { NewPasswordFields } from "@/components/new-password-fields";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useNewPasswordForm } from "@/lib/new-password-form";
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
  const { handleSubmit, fields, takeFieldErrors } = useNewPasswordForm(customerSetPasswordSchema);

  const onSubmit = handleSubmit((values) =>
    setPassword.mutate(values, {
      onSuccess: (data) => {
        notifySuccess(data.message);
        onDone();
      },
      onError: (error) => {
        if (!takeFieldErrors(error)) notifyError(error);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <NewPasswordFields
        {...fields(
          { password: "Password", confirm: "Confirm Password" },
          (message) => message && translateText(message),
        )}
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
