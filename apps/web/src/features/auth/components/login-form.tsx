import { checkLogin, LOGIN_MESSAGES, type LoginValues } from "@tessera/shared";
import { type FormEvent, useRef, useState } from "react";
import { ForgotPasswordLink } from "@/components/forgot-password-link";
import { Button, PasswordInput, TextInput, type TextInputProps } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError } from "@/lib/notify";

/** The e-mail fields' example address: an address, not a sentence, so one for every language. */
export const EMAIL_PLACEHOLDER = "you@example.com";

/**
 * The e-mail field of every sign-in and sign-up form: the browser's e-mail keyboard and
 * autofill. It lives here, not in a file of its own, so it stays in the sign-in chunk.
 */
export function EmailInput(props: TextInputProps) {
  const { t } = useT();
  return (
    <TextInput
      label={t("E-mail")}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={EMAIL_PLACEHOLDER}
      {...props}
    />
  );
}

type Field = "email" | "password";
type Errors = Partial<Record<Field, string>>;

/**
 * E-mail, password, a Forgot Password link and Log in (spec §2 "Login"). `onSignIn` calls the
 * API and navigates; when it throws, the server's message shows on the password field
 * (spec §5), or "Invalid password" when it has none. The button stays busy until `onSignIn`
 * settles, navigation included.
 *
 * Checked by hand (`checkLogin`, the same rules and messages as the shared `loginSchema`)
 * rather than with react-hook-form and zod: the sign-in pages are many visits' first page, and
 * those two libraries were a third of their JavaScript.
 */
export function LoginForm({
  onSignIn,
  forgotPasswordPath,
}: {
  onSignIn: (values: LoginValues) => Promise<void>;
  forgotPasswordPath: string;
}) {
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const { t } = useT();
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  // Spec §4: editing a field clears its error; it is checked again on the next submit.
  const edit = (field: Field) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const checked = checkLogin(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // As react-hook-form did: the first field with a message takes the focus.
      inputs[checked.errors.email ? "email" : "password"].current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSignIn(checked.values);
    } catch (error) {
      // No answer at all is not a wrong password: say so in a toast instead.
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        notifyError(error);
        return;
      }
      const message = error.body.message ? error.message : undefined;
      setErrors({ password: message ?? LOGIN_MESSAGES.serverFallback });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <EmailInput
        ref={inputs.email}
        name="email"
        error={errors.email && translateText(errors.email)}
        value={values.email}
        onChange={edit("email")}
      />
      <div>
        <PasswordInput
          ref={inputs.password}
          label={t("Password")}
          name="password"
          autoComplete="current-password"
          placeholder={t("Enter your password")}
          error={errors.password && translateText(errors.password)}
          value={values.password}
          onChange={edit("password")}
        />
        <ForgotPasswordLink to={forgotPasswordPath} />
      </div>
      <Button type="submit" size="lg" fullWidth loading={submitting} className="mt-2">
        {t("Log in")}
      </Button>
    </form>
  );
}
