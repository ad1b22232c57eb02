import type { CreateApiKeyResponse } from "@tessera/shared";
import { Alert } from "@/components/ui";
import { SecretDialog } from "./secret-dialog";

/**
 * The one time a new key is shown whole. Closing it forgets the key; only its first characters
 * stay in the list.
 */
export function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreateApiKeyResponse | null;
  onClose: () => void;
}) {
  return (
    <SecretDialog
      value={created?.token ?? null}
      title={`API key "${created?.key.name ?? ""}" created`}
      description="Copy it now and keep it somewhere safe: it is not shown again."
      label="Your new API key"
      noun="API key"
      onClose={onClose}
    >
      <Alert tone="info">
        Send it as <code className="font-mono">Authorization: Bearer tsk_…</code>.{" "}
        {created?.key.scope === "read_only"
          ? "This key can only read."
          : "This key can read and change your shop's data."}
      </Alert>
    </SecretDialog>
  );
}
