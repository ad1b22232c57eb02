import type { WebhookEndpoint } from "@tessera/shared";
import { Eye, KeyRound, type LucideIcon, Power, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert, Button, type ButtonVariant, ConfirmDialog } from "@/components/ui";
import { notifyError, notifySuccess, toastOutcome } from "@/lib/notify";
import { formatInstant } from "../format";
import {
  useDeleteWebhook,
  useRevealWebhookSecret,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
} from "../webhooks-api";
import { WebhookDeliveries } from "./webhook-deliveries";
import type { ShownSecret } from "./webhook-secret-dialog";

/** Why nothing is sent, how long it has failed, and a rotation's overlap. */
function EndpointNotices({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <>
      {!endpoint.enabled ? (
        <Alert tone="warning">
          {endpoint.disabledReason ?? "Disabled."} Events are not sent while it is disabled.
        </Alert>
      ) : endpoint.failingSince ? (
        <Alert tone="warning">
          Failing since {formatInstant(endpoint.failingSince)}. After 3 days of failures it is
          disabled.
        </Alert>
      ) : null}
      {endpoint.previousSecretExpiresAt ? (
        <Alert tone="info">
          The previous secret also signs until {formatInstant(endpoint.previousSecretExpiresAt)}.
        </Alert>
      ) : null}
    </>
  );
}

/** A button of the endpoint's toolbar; `id` keeps it the same button when its label flips. */
type EndpointAction = {
  id: string;
  label: string;
  icon: LucideIcon;
  variant?: ButtonVariant;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

/**
 * The endpoint's toolbar: send a test, reveal the secret, rotate it, disable or enable, delete.
 * Rotating and deleting are asked to confirm first (`onAsk`).
 */
function EndpointToolbar({
  endpoint,
  onShowSecret,
  onAsk,
}: {
  endpoint: WebhookEndpoint;
  onShowSecret: (shown: ShownSecret) => void;
  onAsk: (step: "rotate" | "delete") => void;
}) {
  const test = useSendTestEvent();
  const reveal = useRevealWebhookSecret();
  const update = useUpdateWebhook();
  const actions: EndpointAction[] = [
    {
      id: "test",
      label: "Send test event",
      icon: Send,
      loading: test.isPending,
      disabled: !endpoint.enabled,
      onClick: () => test.mutate(endpoint.id, toastOutcome),
    },
    {
      id: "reveal",
      label: "Reveal secret",
      icon: Eye,
      variant: "outline",
      loading: reveal.isPending,
      onClick: () =>
        reveal.mutate(endpoint.id, {
          onSuccess: (r) =>
            onShowSecret({ title: "Signing secret", secret: r.secret, rotated: false }),
          onError: toastOutcome.onError,
        }),
    },
    {
      id: "rotate",
      label: "Rotate secret",
      icon: KeyRound,
      variant: "outline",
      onClick: () => onAsk("rotate"),
    },
    {
      id: "power",
      label: endpoint.enabled ? "Disable" : "Enable",
      icon: Power,
      variant: "outline",
      loading: update.isPending,
      onClick: () => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled }, toastOutcome),
    },
    {
      id: "delete",
      label: "Delete",
      icon: Trash2,
      variant: "ghost",
      onClick: () => onAsk("delete"),
    },
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map(({ id, label, icon: Icon, ...button }) => (
        <Button key={id} size="sm" {...button}>
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ))}
    </div>
  );
}

/** One endpoint: its actions (test, secret, disable/enable, delete) and its delivery log. */
export function WebhookDetail({
  endpoint,
  onShowSecret,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  onShowSecret: (shown: ShownSecret) => void;
  onDeleted: () => void;
}) {
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [confirm, setConfirm] = useState<"rotate" | "delete" | null>(null);
  const onError = (error: unknown) => notifyError(error);

  return (
    <section aria-labelledby="webhook-detail-title" className="flex flex-col gap-4">
      <div className="min-w-0">
        <h3 id="webhook-detail-title" className="break-all font-semibold text-fg">
          {endpoint.url}
        </h3>
        {endpoint.description ? (
          <p className="text-fg-muted text-sm">{endpoint.description}</p>
        ) : null}
        <p className="mt-1 break-words font-mono text-fg-subtle text-xs">
          {endpoint.eventTypes.join(", ")}
        </p>
      </div>
      <EndpointNotices endpoint={endpoint} />
      <EndpointToolbar endpoint={endpoint} onShowSecret={onShowSecret} onAsk={setConfirm} />
      <h4 className="font-semibold text-fg text-sm">Delivery log</h4>
      <WebhookDeliveries endpointId={endpoint.id} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={confirm === "delete" ? "Delete this endpoint?" : "Rotate the signing secret?"}
        description={
          confirm === "delete"
            ? "Events stop going to it, and its delivery log is deleted. This cannot be undone."
            : "A new secret signs from now on; the current one keeps signing too for 24 hours."
        }
        confirmLabel={confirm === "delete" ? "Delete" : "Rotate"}
        pending={remove.isPending || rotate.isPending}
        onConfirm={() => {
          if (confirm === "delete") {
            remove.mutate(endpoint.id, {
              onSuccess: (r) => {
                notifySuccess(r.message);
                setConfirm(null);
                onDeleted();
              },
              onError,
            });
          } else {
            rotate.mutate(endpoint.id, {
              onSuccess: (r) => {
                setConfirm(null);
                onShowSecret({ title: "New signing secret", secret: r.secret, rotated: true });
              },
              onError,
            });
          }
        }}
      />
    </section>
  );
}
