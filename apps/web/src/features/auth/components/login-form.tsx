import { zodResolver } from "@hookform/resolvers/zod";
import { LOGIN_MESSAGES, type LoginInput, type LoginValues, loginSchema } from "@tessera/shared";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button, PasswordInput, TextInput } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { useClearErrorOnEdit } from "@/lib/form-errors";
import { notifyError } from "@/lib/notify";

/**
 * E-mail, password, a Forgot Password link and Log in (spec §2 "Login"). `onSignIn` calls the
 * API and navigates; when it throws, the server's message shows on the password field
 * (spec §5), or "Invalid password" when it has none. The button stays busy until `onSignIn`
 * settles, navigation included.
 */
export function LoginForm({
  onSignIn,
  forgotPasswordPath,
}: {
  onSignIn: (values: LoginValues) => Promise<void>;
  forgotPasswordPath: string;
}) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(watch, clearErrors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSignIn(values);
    } catch (error) {
      // No answer at all is not a wrong password: say so in a toast instead.
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        notifyError(error);
        return;
      }
      const message = error.body.message ? error.message : undefined;
      setError("password", { type: "server", message: message ?? LOGIN_MESSAGES.serverFallback });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <div>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Enter your password"
          error={errors.password?.message}
          {...register("password")}
        />
        <div className="mt-2 flex justify-end">
          <Link
            to={forgotPasswordPath}
            className="rounded-sm font-medium text-primary-ink text-sm hover:underline"
          >
            Forgot Password
          </Link>
        </div>
      </div>
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
        Log in
      </Button>
    </form>
  );
}
