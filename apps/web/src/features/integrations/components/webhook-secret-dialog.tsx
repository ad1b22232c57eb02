import { Alert } from "@/components/ui";
import { SecretDialog } from "./secret-dialog";

export type ShownSecret = { title: string; secret: string; rotated: boolean };

/** An endpoint's signing secret, with a Copy button: after adding, rotating or "Reveal". */
export function WebhookSecretDialog({
  shown,
  onClose,
}: {
  shown: ShownSecret | null;
  onClose: () => void;
}) {
  return (
    <SecretDialog
      value={shown?.secret ?? null}
      title={shown?.title ?? ""}
      description="Your receiver checks each request's signature with this secret (Standard Webhooks)."
      label="Signing secret"
      noun="signing secret"
      onClose={onClose}
    >
      {shown?.rotated ? (
        <Alert tone="warning">
          The previous secret keeps signing too for 24 hours. Switch your receiver to this one
          within a day.
        </Alert>
      ) : null}
    </SecretDialog>
  );
}
