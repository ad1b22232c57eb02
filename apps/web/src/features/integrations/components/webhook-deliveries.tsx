import type { WebhookDelivery } from "@tessera/shared";
import { RotateCcw, Send } from "lucide-react";
import { useState } from "react";
import {
  Badge,
  type BadgeTone,
  Button,
  ListPager,
  type TableColumn,
  titledColumn,
} from "@/components/ui";
import { toastOutcome } from "@/lib/notify";
import { formatInstant } from "../format";
import { useResendDelivery, useWebhookDeliveries } from "../webhooks-api";
import { actionsColumn, IntegrationTable, LoadFailed } from "./integration-table";

const STATUS: Record<WebhookDelivery["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "warning" },
  delivered: { label: "Delivered", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

/** What the receiver answered: its status code, or why there was no answer. */
function answerOf(d: WebhookDelivery) {
  if (d.lastResponseCode !== null) return String(d.lastResponseCode);
  if (d.lastError) return d.lastError;
  return "—";
}

/** The endpoint's delivery log, newest first, ten to a page, each with Resend. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(endpointId, page);
  const resend = useResendDelivery();

  const columns: TableColumn<WebhookDelivery>[] = [
    titledColumn("event", "Event", "max-w-40 sm:max-w-none", (d) => ({
      title: d.eventType,
      detail: formatInstant(d.createdAt),
      mono: "title",
    })),
    {
      key: "status",
      header: "Status",
      cell: (d) => <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>,
    },
    {
      key: "answer",
      header: "Response",
      className: "hidden max-w-56 truncate sm:table-cell",
      headerClassName: "hidden sm:table-cell",
      cell: (d) => <span title={d.lastError ?? undefined}>{answerOf(d)}</span>,
    },
    {
      key: "latency",
      header: "Latency",
      className: "hidden sm:table-cell",
      headerClassName: "hidden sm:table-cell",
      cell: (d) => (d.latencyMs === null ? "—" : `${d.latencyMs} ms`),
    },
    {
      key: "attempts",
      header: "Attempts",
      className: "hidden sm:table-cell",
      headerClassName: "hidden sm:table-cell",
      cell: (d) => d.attempts,
    },
    actionsColumn((d) => (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Resend ${d.eventType} from ${formatInstant(d.createdAt)}`}
        loading={resend.isPending && resend.variables?.deliveryId === d.id}
        onClick={() => resend.mutate({ id: endpointId, deliveryId: d.id }, toastOutcome)}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {/* On a phone the icon alone; the label names the delivery for screen readers. */}
        <span className="hidden sm:inline">Resend</span>
      </Button>
    )),
  ];

  if (log.isError) return <LoadFailed query={log} message="Error loading the delivery log" />;
  return (
    <div className="flex flex-col gap-3">
      <IntegrationTable
        query={log}
        errorMessage="Error loading the delivery log"
        caption="Delivery log"
        columns={columns}
        rows={log.data?.deliveries ?? []}
        loadingRows={3}
        empty={{
          title: "No deliveries yet",
          hint: "Events appear here as they are sent. Try “Send test event”.",
          icon: <Send aria-hidden="true" />,
        }}
      />
      <ListPager
        label="Delivery log pages"
        page={page}
        pageSize={10}
        total={log.data?.total ?? 0}
        loading={log.isFetching}
        onPageChange={setPage}
      />
    </div>
  );
}
