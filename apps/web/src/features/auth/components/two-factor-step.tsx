import { useMutation } from "@tanstack/react-query";
import type { TwoFactorChallenge, User } from "@tessera/shared";
import { useEffect, useState } from "react";
import { OneTimeCodeInput, useCodeForm } from "@/components/one-time-code";
import { Alert, Button } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { notifyError } from "@/lib/notify";
import { confirmSignInEnrolment, startSignInEnrolment, verifyTwoFactor } from "../api";
import { AuthHeading } from "./auth-heading";
import { RecoveryCodes } from "./recovery-codes";
import { TotpSetup } from "./totp-setup";

type SignedIn = { token: string; user: User };

/**
 * The merchant sign-in's second step. `verify`: a code from the authenticator app or a
 * recovery code. `enrol`: the shop requires two-factor sign-in of its staff, so it is set up
 * here first, and the recovery codes are shown before going on. A dead challenge (expired,
 * too many wrong codes) sends the person back to the password.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: (data: SignedIn) => Promise<void>;
  onRestart: (message?: string) => void;
}) {
  return challenge.mode === "enrol" ? (
    <EnrolStep challenge={challenge.challenge} onSignedIn={onSignedIn} onRestart={onRestart} />
  ) : (
    <CodeStep challenge={challenge.challenge} onSignedIn={onSignedIn} onRestart={onRestart} />
  );
}

type StepProps = {
  challenge: string;
  onSignedIn: (data: SignedIn) => Promise<void>;
  onRestart: (message?: string) => void;
};

/** A 401 ends the challenge: the person signs in again (the message says why). */
function handleFailure(
  error: unknown,
  onRestart: StepProps["onRestart"],
  show: (m: string) => void,
) {
  if (error instanceof ApiError && error.status === 401) onRestart(error.message);
  else if (error instanceof ApiError && error.status > 0 && error.status < 500) show(error.message);
  else notifyError(error);
}

function CodeStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const { submit, busy, field } = useCodeForm({
    read: (text) => text.trim() || null,
    send: async (code) => onSignedIn(await verifyTwoFactor({ challenge, code })),
    onFailure: (failure, showOnField) => handleFailure(failure, onRestart, showOnField),
  });

  return (
    <>
      <AuthHeading
        title="Two-factor sign-in"
        description="Enter the 6-digit code from your authenticator app."
      />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <OneTimeCodeInput acceptsRecoveryCode autoFocus placeholder="123456" {...field} />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          Verify
        </Button>
        <Button variant="ghost" onClick={() => onRestart()}>
          Back to log in
        </Button>
      </form>
    </>
  );
}

function EnrolStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const setup = useMutation({ mutationFn: startSignInEnrolment });
  const [done, setDone] = useState<(SignedIn & { recoveryCodes: string[] }) | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { mutate } = setup;

  useEffect(() => {
    mutate(challenge, { onError: (error) => handleFailure(error, onRestart, () => {}) });
  }, [challenge, mutate, onRestart]);

  if (done) {
    return (
      <>
        <AuthHeading title="Save your recovery codes" description="Two-factor sign-in is on." />
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button
          size="lg"
          fullWidth
          className="mt-6"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void onSignedIn(done).finally(() => setLeaving(false));
          }}
        >
          I saved them, continue
        </Button>
      </>
    );
  }

  return (
    <>
      <AuthHeading
        title="Set up two-factor sign-in"
        description="Your shop requires a code from an authenticator app when you sign in."
      />
      {setup.isError && !(setup.error instanceof ApiError && setup.error.status === 401) ? (
        <Alert tone="danger" className="mb-4">
          Could not start the setup. Go back and sign in again.
        </Alert>
      ) : null}
      <TotpSetup
        setup={setup.data}
        submitLabel="Turn on and sign in"
        onConfirm={async (code) => {
          try {
            setDone(await confirmSignInEnrolment({ challenge, code }));
          } catch (failure) {
            if (failure instanceof ApiError && failure.status === 401) onRestart(failure.message);
            else throw failure;
          }
        }}
      />
      <Button variant="ghost" fullWidth className="mt-2" onClick={() => onRestart()}>
        Back to log in
      </Button>
    </>
  );
}
