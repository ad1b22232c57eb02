import { WEBHOOK_MESSAGES, type WebhookEndpoint } from "@tessera/shared";
import { Plus, Webhook } from "lucide-react";
import { useState } from "react";
import { Badge, Button, type TableColumn, titledColumn } from "@/components/ui";
import { useWebhookEndpoints } from "../webhooks-api";
import { actionsColumn, IntegrationSection, IntegrationTable } from "./integration-table";
import { WebhookDetail } from "./webhook-detail";
import { WebhookFormDialog } from "./webhook-form-dialog";
import { type ShownSecret, WebhookSecretDialog } from "./webhook-secret-dialog";

function statusOf(e: WebhookEndpoint) {
  if (!e.enabled) return <Badge tone="danger">Disabled</Badge>;
  if (e.failingSince) return <Badge tone="warning">Failing</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** Webhooks: add endpoints, see their status, open one for its log and actions. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const selected = endpoints.data?.endpoints.find((e) => e.id === selectedId) ?? null;

  const columns: TableColumn<WebhookEndpoint>[] = [
    titledColumn("url", "Endpoint", "max-w-32 sm:max-w-none", (e) => ({
      title: e.url,
      detail:
        e.description || `${e.eventTypes.length} event${e.eventTypes.length === 1 ? "" : "s"}`,
    })),
    { key: "status", header: "Status", cell: statusOf },
    actionsColumn((e) => (
      <Button
        size="sm"
        variant={e.id === selectedId ? "secondary" : "outline"}
        aria-label={`Manage ${e.url}`}
        aria-pressed={e.id === selectedId}
        onClick={() => setSelectedId(e.id === selectedId ? null : e.id)}
      >
        Manage
      </Button>
    )),
  ];

  return (
    <IntegrationSection
      title="Webhooks"
      description="Tell your own systems what happens in Tessera: new members, memberships, offers, redemptions and refunds, sent as signed requests (Standard Webhooks)."
      controls={
        <Button className="w-fit" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Add endpoint
        </Button>
      }
      list={
        <IntegrationTable
          query={endpoints}
          errorMessage={WEBHOOK_MESSAGES.loadFailed}
          caption="Webhook endpoints"
          columns={columns}
          rows={endpoints.data?.endpoints ?? []}
          loadingRows={2}
          empty={{
            title: "No webhook endpoints yet",
            hint: "Add the address of your system, and choose the events it should receive.",
            icon: <Webhook aria-hidden="true" />,
          }}
        />
      }
    >
      {selected ? (
        <div className="mt-6 border-line border-t pt-6">
          <WebhookDetail
            key={selected.id}
            endpoint={selected}
            onShowSecret={setShown}
            onDeleted={() => setSelectedId(null)}
          />
        </div>
      ) : null}
      <WebhookFormDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(created) => {
          setAdding(false);
          setSelectedId(created.endpoint.id);
          setShown({ title: "Endpoint added", secret: created.secret, rotated: false });
        }}
      />
      <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} />
    </IntegrationSection>
  );
}
