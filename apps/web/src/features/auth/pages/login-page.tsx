import { zodResolver } from "@hookform/resolvers/zod";
import { LOGIN_MESSAGES, type LoginInput, type LoginValues, loginSchema } from "@tessera/shared";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button, PasswordInput, TextInput } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { notifyError } from "@/lib/notify";
import { useErrorParamToast } from "@/lib/session-hooks";
import { setToken } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSignIn } from "../api";
import { AuthShell } from "../components/auth-shell";

export const MERCHANT_HOME_PATH = "/merchant/dashboard";

/** `/`: merchant (and staff) login. */
export function LoginPage() {
  useDocumentTitle("Log in");
  useErrorParamToast();
  const navigate = useNavigate();
  const signIn = useSignIn();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (data) => {
        setToken(data.token);
        navigate(MERCHANT_HOME_PATH);
      },
      onError: (error) => {
        // No answer at all is not a wrong password: say so in a toast instead.
        if (error instanceof ApiError && error.status === 0) {
          notifyError(error);
          return;
        }
        const message = error instanceof ApiError && error.body.message ? error.message : undefined;
        setError("password", {
          type: "server",
          message: message ?? LOGIN_MESSAGES.serverFallback,
        });
      },
    }),
  );

  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <div className="mb-6">
        <h1 className="font-bold text-2xl text-fg">Log in to your account</h1>
        <p className="mt-1 text-fg-muted text-sm">
          Welcome back. Enter your details to manage your shop.
        </p>
      </div>
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
              to="/pass/forgot-password"
              className="rounded-sm font-medium text-primary-ink text-sm hover:underline"
            >
              Forgot Password
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" fullWidth loading={signIn.isPending} className="mt-2">
          Log in
        </Button>
      </form>
      <p className="mt-6 text-center text-fg-muted text-sm">
        Don&apos;t have an account?{" "}
        <Link to="/register" className="rounded-sm font-semibold text-primary-ink hover:underline">
          Sign up
        </Link>
      </p>
    </AuthShell>
  );
}
