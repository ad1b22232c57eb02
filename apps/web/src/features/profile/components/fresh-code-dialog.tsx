import { TWO_FACTOR_MESSAGES } from "@tessera/shared";
import { type FormEvent, useState } from "react";
import { OneTimeCodeInput, readAppCode } from "@/components/one-time-code";
import { Button, Modal } from "@/components/ui";

/**
 * Asks a person with two-factor sign-in for a current code before a sensitive change (payment
 * settings, refunds). `error` is the server's answer to the last code, shown on the field.
 */
export function FreshCodeDialog({
  open,
  title,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  pending: boolean;
  error?: string;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState("");
  const [localError, setLocalError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = readAppCode(code);
    if (trimmed === null) {
      setLocalError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    onSubmit(trimmed);
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? null : onClose())}
      title={title}
      description="Enter the current code from your authenticator app to confirm."
      size="sm"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <OneTimeCodeInput
          autoFocus
          value={code}
          error={localError ?? error}
          onChange={(event) => {
            setCode(event.target.value);
            setLocalError(undefined);
          }}
        />
        <Button type="submit" loading={pending}>
          Confirm
        </Button>
      </form>
    </Modal>
  );
}
