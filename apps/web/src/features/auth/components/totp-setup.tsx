import type { TwoFactorSetup } from "@tessera/shared";
import { TWO_FACTOR_MESSAGES } from "@tessera/shared";
import { type FormEvent, useState } from "react";
import { Button, Skeleton, TextInput } from "@/components/ui";
import { QrCode } from "@/features/member-card/components/qr-code";
import { ApiError } from "@/lib/api-client";
import { notifyError } from "@/lib/notify";

/**
 * Enrolment in an authenticator app: the QR code (and the secret, for typing in by hand), then
 * the first code to prove it works. `onConfirm` throws the server's error for a wrong code,
 * which shows on the field.
 */
export function TotpSetup({
  setup,
  onConfirm,
  submitLabel = "Turn on",
}: {
  setup: TwoFactorSetup | undefined;
  onConfirm: (code: string) => Promise<void>;
  submitLabel?: string;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(code.replace(/\s/g, ""));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status > 0 && failure.status < 500) {
        setError(failure.message);
      } else {
        notifyError(failure);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-fg-muted text-sm">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {setup ? (
          <QrCode
            value={setup.otpauthUri}
            label="QR code for your authenticator app"
            className="size-44 shrink-0 rounded-control"
          />
        ) : (
          <Skeleton className="size-44 shrink-0" />
        )}
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <span className="text-fg-muted">Key</span>
          {setup ? (
            <code data-testid="totp-secret" className="select-all break-all font-mono text-fg">
              {setup.secret}
            </code>
          ) : (
            <Skeleton className="h-5 w-56" />
          )}
        </div>
      </div>
      <TextInput
        label="6-digit code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        placeholder="123456"
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" loading={busy} disabled={!setup}>
        {submitLabel}
      </Button>
    </form>
  );
}
