import type { CreateApiKeyResponse } from "@tessera/shared";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Alert, Button, Modal, TextInput } from "@/components/ui";
import { copyText } from "@/lib/clipboard";
import { notifyError } from "@/lib/notify";

/**
 * The one time a new key is shown whole: a read-only field (selectable by hand) and a Copy
 * button. Closing it forgets the key; only its first characters stay in the list.
 */
export function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreateApiKeyResponse | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  async function copy() {
    if (!created) return;
    try {
      await copyText(created.token);
      setCopied(true);
    } catch (error) {
      notifyError(error, { fallback: "Could not copy. Select the key and copy it by hand." });
    }
  }
  return (
    <Modal
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={`API key "${created?.key.name ?? ""}" created`}
      description="Copy it now and keep it somewhere safe: it is not shown again."
      footer={<Button onClick={close}>Done</Button>}
    >
      <div className="flex flex-col gap-4">
        <TextInput
          label="Your new API key"
          readOnly
          value={created?.token ?? ""}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
          endAdornment={
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void copy()}
              aria-label={copied ? "Copied" : "Copy API key"}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          }
        />
        <p aria-live="polite" className="sr-only">
          {copied ? "API key copied to the clipboard" : ""}
        </p>
        <Alert tone="info">
          Send it as <code className="font-mono">Authorization: Bearer tsk_…</code>.{" "}
          {created?.key.scope === "read_only"
            ? "This key can only read."
            : "This key can read and change your shop's data."}
        </Alert>
      </div>
    </Modal>
  );
}
