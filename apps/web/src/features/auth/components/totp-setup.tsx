import type { TwoFactorSetup } from "@tessera/shared";
import { OneTimeCodeInput, readAppCode, useCodeForm } from "@/components/one-time-code";
import { Button, Skeleton } from "@/components/ui";
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
  const { submit, busy, field } = useCodeForm({
    read: readAppCode,
    send: onConfirm,
    onFailure: (failure, showOnField) => {
      if (failure instanceof ApiError && failure.status > 0 && failure.status < 500) {
        showOnField(failure.message);
      } else {
        notifyError(failure);
      }
    },
  });

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
      <OneTimeCodeInput placeholder="123456" {...field} />
      <Button type="submit" loading={busy} disabled={!setup}>
        {submitLabel}
      </Button>
    </form>
  );
}
