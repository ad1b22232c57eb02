import { Check, Copy } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button, Modal, TextInput } from "@/components/ui";
import { copyText } from "@/lib/clipboard";
import { notifyError } from "@/lib/notify";

/**
 * A secret shown whole (a new API key, a webhook's signing secret): a read-only field,
 * selectable by hand, with a Copy button that says when it worked. Closing forgets "Copied".
 */
export function SecretDialog({
  value,
  title,
  description,
  label,
  noun,
  onClose,
  children,
}: {
  /** Null: the dialog is closed. */
  value: string | null;
  title: string;
  description: string;
  label: string;
  /** What the secret is called in the Copy button's and the announcement's words. */
  noun: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  async function copy() {
    if (value === null) return;
    try {
      await copyText(value);
      setCopied(true);
    } catch (error) {
      notifyError(error, { fallback: `Could not copy. Select the ${noun} and copy it by hand.` });
    }
  }
  return (
    <Modal
      open={value !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      description={description}
      footer={<Button onClick={close}>Done</Button>}
    >
      <div className="flex flex-col gap-4">
        <TextInput
          label={label}
          readOnly
          value={value ?? ""}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
          endAdornment={
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void copy()}
              aria-label={copied ? "Copied" : `Copy ${noun}`}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          }
        />
        <p aria-live="polite" className="sr-only">
          {copied ? `${noun[0]?.toUpperCase()}${noun.slice(1)} copied to the clipboard` : ""}
        </p>
        {children}
      </div>
    </Modal>
  );
}
