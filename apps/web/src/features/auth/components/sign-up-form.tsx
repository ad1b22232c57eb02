import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CustomerSignUpValues,
  customerSignUpSchema,
  type MerchantSignUpInput,
  type MerchantSignUpValues,
  merchantSignUpSchema,
} from "@tessera/shared";
import { useForm } from "react-hook-form";
import { Button, PasswordInput, TextInput } from "@/components/ui";
import { applyServerFieldErrors, useClearErrorOnEdit } from "@/lib/form-errors";
import { notifyError } from "@/lib/notify";

export type SignUpValues = MerchantSignUpValues | CustomerSignUpValues;

const SERVER_FIELDS = ["firstName", "lastName", "email", "password"] as const;

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
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<MerchantSignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(audience === "merchant" ? merchantSignUpSchema : customerSignUpSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", reTypePassword: "" },
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(watch, clearErrors);

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
        <TextInput
          label="First Name"
          autoComplete="given-name"
          placeholder="Jane"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextInput
          label="Last Name"
          autoComplete="family-name"
          placeholder="Doe"
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        placeholder="Create a password"
        hint="8+ characters with upper and lower case letters, a number and one of @$!%*?&"
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordInput
        label="Re-type Password"
        autoComplete="new-password"
        placeholder="Re-type your password"
        error={errors.reTypePassword?.message}
        {...register("reTypePassword")}
      />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
        Create an Account
      </Button>
    </form>
  );
}
