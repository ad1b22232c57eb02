import type { WebhookEndpoint } from "@tessera/shared";
import { Eye, KeyRound, Power, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert, Button, ConfirmDialog } from "@/components/ui";
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
  const test = useSendTestEvent();
  const rotate = useRotateWebhookSecret();
  const reveal = useRevealWebhookSecret();
  const update = useUpdateWebhook();
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
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={test.isPending}
          disabled={!endpoint.enabled}
          onClick={() => test.mutate(endpoint.id, toastOutcome)}
        >
          <Send aria-hidden="true" className="size-4" />
          Send test event
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={reveal.isPending}
          onClick={() =>
            reveal.mutate(endpoint.id, {
              onSuccess: (r) =>
                onShowSecret({ title: "Signing secret", secret: r.secret, rotated: false }),
              onError,
            })
          }
        >
          <Eye aria-hidden="true" className="size-4" />
          Reveal secret
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirm("rotate")}>
          <KeyRound aria-hidden="true" className="size-4" />
          Rotate secret
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={update.isPending}
          onClick={() =>
            update.mutate({ id: endpoint.id, enabled: !endpoint.enabled }, toastOutcome)
          }
        >
          <Power aria-hidden="true" className="size-4" />
          {endpoint.enabled ? "Disable" : "Enable"}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirm("delete")}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
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
