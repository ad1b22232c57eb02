import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CustomerSignUpValues,
  customerSignUpSchema,
  type MerchantSignUpInput,
  type MerchantSignUpValues,
  merchantSignUpSchema,
} from "@tessera/shared";
import { NewPasswordFields } from "@/components/new-password-fields";
import { Button, TextInput } from "@/components/ui";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError } from "@/lib/notify";
import { EmailInput } from "./login-form";

export type SignUpValues = MerchantSignUpValues | CustomerSignUpValues;

const SERVER_FIELDS = ["firstName", "lastName", "email", "password"] as const;

/** The two name inputs differ only in the name they hold and its example. */
const NAME_FIELDS = [
  { name: "firstName", label: "First Name", placeholder: "Jane", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", placeholder: "Doe", autoComplete: "family-name" },
] as const;

/**
 * First name, last name, e-mail, password and its re-type (spec §2, §5). Merchant screens use
 * the first wordings (merchantSignUpSchema), customer screens the second (customerSignUpSchema).
 * The e-mail leaves trimmed and lower-cased (the schema does it). `onSignUp` calls the API and
 * navigates; a server error lands on its field (a taken e-mail) or in a toast.
 */
export function SignUpForm({
  audience,
  onSignUp,
}: {
  audience: "merchant" | "customer";
  onSignUp: (values: SignUpValues) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm<MerchantSignUpInput, SignUpValues>(
    zodResolver(audience === "merchant" ? merchantSignUpSchema : customerSignUpSchema),
    { firstName: "", lastName: "", email: "", password: "", reTypePassword: "" },
  );
  const { t } = useT();
  const shown = (message: string | undefined) => message && translateText(message);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSignUp(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, SERVER_FIELDS)) notifyError(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {NAME_FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={t(field.label)}
            autoComplete={field.autoComplete}
            placeholder={t(field.placeholder)}
            error={shown(errors[field.name]?.message)}
            {...register(field.name)}
          />
        ))}
      </div>
      <EmailInput error={shown(errors.email?.message)} {...register("email")} />
      <NewPasswordFields
        password={{
          label: "Password",
          error: shown(errors.password?.message),
          ...register("password"),
        }}
        confirm={{
          label: "Re-type Password",
          error: shown(errors.reTypePassword?.message),
          ...register("reTypePassword"),
        }}
        withPlaceholders
        translate={t}
      />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
        {t("Create an Account")}
      </Button>
    </form>
  );
}
