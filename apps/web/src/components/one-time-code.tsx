import { TWO_FACTOR_MESSAGES } from "@tessera/shared";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { TextInput, type TextInputProps } from "@/components/ui";

/**
 * Six digits from an authenticator app, or null when the text is not that. Spaces go: some
 * apps show the code as "123 456".
 */
export function readAppCode(text: string): string | null {
  const code = text.replace(/\s/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * The field for a code from an authenticator app, with the numeric keyboard and the browser's
 * one-time-code autofill. `acceptsRecoveryCode` is for sign-in, where a recovery code (letters
 * and a dash) stands in for a lost phone.
 */
export function OneTimeCodeInput({
  acceptsRecoveryCode = false,
  ...props
}: TextInputProps & { acceptsRecoveryCode?: boolean }) {
  const accepted = acceptsRecoveryCode
    ? { label: "Code", hint: "Lost your phone? Enter one of your recovery codes instead." }
    : { label: "6-digit code", inputMode: "numeric" as const, maxLength: 7 };
  return <TextInput name="code" autoComplete="one-time-code" {...accepted} {...props} />;
}

/**
 * A form that sends one code. `read` turns the typed text into the code (null: the field asks
 * for the code); `send` runs once at a time; `onFailure` decides whether its error shows on
 * the field (`showOnField`) or elsewhere. Typing clears the field's error.
 */
export function useCodeForm({
  read,
  send,
  onFailure,
}: {
  read: (text: string) => string | null;
  send: (code: string) => Promise<void>;
  onFailure: (failure: unknown, showOnField: (message: string) => void) => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = read(text);
    if (code === null) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setBusy(true);
    try {
      await send(code);
    } catch (failure) {
      onFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  }

  const field = {
    value: text,
    error,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      setError(undefined);
    },
  };
  return { submit, busy, field };
}
