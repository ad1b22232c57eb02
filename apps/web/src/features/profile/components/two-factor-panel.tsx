import { type FormEvent, useEffect, useState } from "react";
import { Badge, Button, Modal, PasswordInput, QueryErrorState, Skeleton } from "@/components/ui";
import { RecoveryCodes } from "@/features/auth/components/recovery-codes";
import { TotpSetup } from "@/features/auth/components/totp-setup";
import { ApiError } from "@/lib/api-client";
import { notifyError, notifySuccess } from "@/lib/notify";
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from "../security-api";

/**
 * Two-factor sign-in on the profile: on or off, turning it on (QR code, first code, the recovery
 * codes shown once) and off (with the password; not for staff whose shop requires it).
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);

  if (status.isPending) {
    return (
      <div aria-busy="true" className="flex items-center justify-between gap-3">
        <span className="sr-only">Loading two-factor sign-in</span>
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-8 w-24" />
      </div>
    );
  }
  if (status.isError) return <QueryErrorState query={status} />;
  const { enabled, recoveryCodesLeft, requiredByShop } = status.data;

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="flex items-center gap-2 font-medium text-fg">
          Two-factor sign-in
          <Badge tone={enabled ? "success" : "neutral"}>{enabled ? "On" : "Off"}</Badge>
        </span>
        <span className="text-fg-muted text-sm">
          {enabled
            ? `A code from your authenticator app is asked at sign-in, for refunds and for payment settings. ${recoveryCodesLeft} recovery codes left.`
            : requiredByShop
              ? "Your shop requires it."
              : "Ask for a code from an authenticator app when you sign in."}
        </span>
      </div>
      {enabled ? (
        requiredByShop ? null : (
          <Button variant="outline" size="sm" onClick={() => setDisabling(true)}>
            Turn off
          </Button>
        )
      ) : (
        <Button size="sm" onClick={() => setEnrolling(true)}>
          Turn on
        </Button>
      )}
      {enrolling ? <EnrolDialog onClose={() => setEnrolling(false)} /> : null}
      {disabling ? <DisableDialog onClose={() => setDisabling(false)} /> : null}
    </div>
  );
}

function EnrolDialog({ onClose }: { onClose: () => void }) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate } = start;
  // A new secret each time the dialog opens; it counts only once the first code is confirmed.
  useEffect(() => {
    mutate(undefined, { onError: (error) => notifyError(error) });
  }, [mutate]);

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={codes ? "Save your recovery codes" : "Turn on two-factor sign-in"}
      footer={
        codes ? (
          <Button onClick={onClose} fullWidth>
            Done
          </Button>
        ) : undefined
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <TotpSetup
          setup={start.data}
          onConfirm={async (code) => {
            const result = await confirm.mutateAsync(code);
            notifySuccess(result.message);
            setCodes(result.recoveryCodes);
          }}
        />
      )}
    </Modal>
  );
}

function DisableDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    disable.mutate(password, {
      onSuccess: (result) => {
        notifySuccess(result.message);
        onClose();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status > 0 && failure.status < 500) {
          setError(failure.message);
        } else notifyError(failure);
      },
    });
  }

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Turn off two-factor sign-in"
      description="Your password confirms it is you. Sign-in will ask for the password only."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="danger" loading={disable.isPending}>
          Turn off
        </Button>
      </form>
    </Modal>
  );
}
