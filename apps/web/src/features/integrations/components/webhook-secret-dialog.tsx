import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Alert, Button, Modal, TextInput } from "@/components/ui";
import { copyText } from "@/lib/clipboard";
import { notifyError } from "@/lib/notify";

export type ShownSecret = { title: string; secret: string; rotated: boolean };

/** An endpoint's signing secret, with a Copy button: after adding, rotating or "Reveal". */
export function WebhookSecretDialog({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  async function copy() {
    if (!shown) return;
    try {
      await copyText(shown.secret);
      setCopied(true);
    } catch (error) {
      notifyError(error, { fallback: "Could not copy. Select the secret and copy it by hand." });
    }
  }
  return (
    <Modal
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={shown?.title ?? ""}
      description="Your receiver checks each request's signature with this secret (Standard Webhooks)."
      footer={<Button onClick={close}>Done</Button>}
    >
      <div className="flex flex-col gap-4">
        <TextInput
          label="Signing secret"
          readOnly
          value={shown?.secret ?? ""}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
          endAdornment={
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void copy()}
              aria-label={copied ? "Copied" : "Copy signing secret"}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          }
        />
        <p aria-live="polite" className="sr-only">
          {copied ? "Signing secret copied to the clipboard" : ""}
        </p>
        {shown?.rotated ? (
          <Alert tone="warning">
            The previous secret keeps signing too for 24 hours. Switch your receiver to this one
            within a day.
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
