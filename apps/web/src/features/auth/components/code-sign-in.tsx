import {
  isValidEmail,
  LOGIN_MESSAGES,
  normalizeEmail,
  SIGN_IN_CODE_MESSAGES,
  SIGN_UP_MESSAGES,
} from "@tessera/shared";
import { type FormEvent, type Ref, useEffect, useRef, useState } from "react";
import { Alert, Button, TextInput } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError } from "@/lib/notify";
import { requestSignInCode, verifySignInCode } from "../api";
import type { ShopSignIn } from "../use-shop-session-start";
import { withAuthWords } from "./auth-words";
import { EmailInput } from "./login-form";
import { NameFields, type Names } from "./name-fields";

type Step = "email" | "code" | "name";

/** A refusal the person can act on goes on the field; no answer at all is a toast. */
function fieldMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  notifyError(error);
  return null;
}

/** The message on a field, in the page's language (the server's words included). */
function shownError(error: { field: string; message: string } | null, field: string) {
  return error?.field === field ? translateText(error.message) : undefined;
}

/** Each step starts in its field, so a keyboard or screen-reader user is where to type. */
function useFocusOn(step: Step) {
  const ref = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes.
  useEffect(() => ref.current?.focus(), [step]);
  return ref;
}

/** The code's six digits (spaces allowed), and both names when a new account needs them. */
function checkCodeForm(
  code: string,
  names: Names | null,
): { digits: string } | { field: string; message: string } {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return { field: "code", message: SIGN_IN_CODE_MESSAGES.codeFormat };
  if (names && !names.firstName.trim()) {
    return { field: "firstName", message: SIGN_UP_MESSAGES.customer.firstNameRequired };
  }
  if (names && !names.lastName.trim()) {
    return { field: "lastName", message: SIGN_UP_MESSAGES.customer.lastNameRequired };
  }
  return { digits };
}

/**
 * Passwordless sign-in on a shop's page: the e-mail, then the 6-digit code from the e-mail
 * (the e-mail's link signs in without typing), then a name when the address is new to the shop.
 * Loaded when the visitor asks for it, so the password page stays as light as it was; it brings
 * the sign-in pages' words and waits for them in the page's language.
 */
function CodeSignInForm({
  shopId,
  initialEmail = "",
  onSignedIn,
  onCancel,
}: {
  shopId: number;
  initialEmail?: string;
  onSignedIn: (data: ShopSignIn) => void;
  onCancel: () => void;
}) {
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState("");
  const [names, setNames] = useState<Names>({ firstName: "", lastName: "" });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const focusRef = useFocusOn(step);
  const { t } = useT();

  async function run(action: () => Promise<void>, field: string) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      const message = fieldMessage(caught);
      if (message) setError({ field, message });
    } finally {
      setBusy(false);
    }
  }

  function sendCode(event?: FormEvent) {
    event?.preventDefault();
    const address = normalizeEmail(email);
    if (!isValidEmail(address)) {
      setError({ field: "email", message: LOGIN_MESSAGES.emailInvalid });
      return;
    }
    void run(async () => {
      await requestSignInCode({ shopId, email: address });
      setCode("");
      setStep("code");
    }, "email");
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const nameGiven = step === "name";
    const checked = checkCodeForm(code, nameGiven ? names : null);
    if ("field" in checked) {
      setError(checked);
      return;
    }
    const { digits } = checked;
    void run(
      async () => {
        const answer = await verifySignInCode({
          shopId,
          email: normalizeEmail(email),
          code: digits,
          ...(nameGiven ? { firstName: names.firstName, lastName: names.lastName } : {}),
        });
        if ("needsName" in answer) setStep("name");
        else onSignedIn(answer);
      },
      nameGiven ? "firstName" : "code",
    );
  }

  const errorOn = (field: string) => shownError(error, field);

  if (step === "email") {
    return (
      <EmailStep
        email={email}
        error={errorOn("email")}
        busy={busy}
        inputRef={focusRef}
        onEmail={setEmail}
        onSubmit={sendCode}
        onCancel={onCancel}
      />
    );
  }

  return (
    <form noValidate onSubmit={submitCode} className="flex flex-col gap-4">
      <Alert tone="info" role="status">
        {t(SIGN_IN_CODE_MESSAGES.sent)}
      </Alert>
      <CodeField
        inputRef={step === "code" ? focusRef : undefined}
        email={normalizeEmail(email)}
        error={errorOn("code")}
        code={code}
        onCode={setCode}
      />
      {step === "name" ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 font-medium text-fg text-sm">
            {t(SIGN_IN_CODE_MESSAGES.nameNeeded)}
          </legend>
          <NameFields
            names={names}
            errors={{ firstName: errorOn("firstName"), lastName: errorOn("lastName") }}
            onChange={setNames}
            firstRef={focusRef}
          />
        </fieldset>
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {step === "name" ? t("Create my account") : t("Sign in")}
      </Button>
      <CodeStepLinks busy={busy} onResend={() => sendCode()} onCancel={onCancel} />
    </form>
  );
}

function CodeStepLinks(props: { busy: boolean; onResend: () => void; onCancel: () => void }) {
  const { t } = useT();
  return (
    <div className="flex flex-wrap justify-between gap-2 text-sm">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={props.onResend}
        disabled={props.busy}
      >
        {t("Send a new code")}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={props.onCancel}>
        {t("Use my password instead")}
      </Button>
    </div>
  );
}

function EmailStep(props: {
  email: string;
  error: string | undefined;
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  onEmail: (email: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  return (
    <form noValidate onSubmit={props.onSubmit} className="flex flex-col gap-4">
      <EmailInput
        ref={props.inputRef}
        name="email"
        hint={t("We'll email you a 6-digit code and a sign-in link.")}
        error={props.error}
        value={props.email}
        onChange={(e) => props.onEmail(e.target.value)}
      />
      <Button type="submit" size="lg" fullWidth loading={props.busy}>
        {t("Email me a code")}
      </Button>
      <Button type="button" variant="ghost" fullWidth onClick={props.onCancel}>
        {t("Use my password instead")}
      </Button>
    </form>
  );
}

function CodeField(props: {
  inputRef: Ref<HTMLInputElement> | undefined;
  email: string;
  error: string | undefined;
  code: string;
  onCode: (code: string) => void;
}) {
  const { t } = useT();
  return (
    <TextInput
      ref={props.inputRef}
      label={t("Sign-in code")}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      placeholder="123 456"
      hint={t("Sent to {email}", { email: props.email })}
      error={props.error}
      value={props.code}
      onChange={(e) => props.onCode(e.target.value)}
      className="font-mono text-lg tracking-[0.3em]"
    />
  );
}

/** The code sign-in panel, once the sign-in pages' words are here. */
export const CodeSignIn = withAuthWords(CodeSignInForm);
