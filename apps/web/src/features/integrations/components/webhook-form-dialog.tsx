import {
  createWebhookEndpointPayloadSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookSecretResponse,
} from "@tessera/shared";
import { type FormEvent, useState } from "react";
import { Button, Modal, TextInput } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useCreateWebhook } from "../webhooks-api";
import { useCheckedCreate } from "./use-checked-create";

/** The event checkboxes: each type with what it means. */
function EventChoices({
  chosen,
  onChange,
  error,
}: {
  chosen: Set<WebhookEventType>;
  onChange: (next: Set<WebhookEventType>) => void;
  error: string | undefined;
}) {
  const toggle = (type: WebhookEventType) => {
    const next = new Set(chosen);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    onChange(next);
  };
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? "webhook-events-error" : undefined}
    >
      <legend className="mb-1 font-medium text-fg text-sm">Events</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label
            key={type}
            className="flex items-start gap-2 rounded-control border border-line p-2 text-sm hover:bg-muted"
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary-solid"
              checked={chosen.has(type)}
              onChange={() => toggle(type)}
            />
            <span className="min-w-0">
              <span className="block font-mono text-fg text-xs">{type}</span>
              <span className="block text-fg-muted text-xs">{WEBHOOK_EVENT_LABELS[type]}</span>
            </span>
          </label>
        ))}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="w-fit"
        onClick={() =>
          onChange(
            chosen.size === WEBHOOK_EVENT_TYPES.length ? new Set() : new Set(WEBHOOK_EVENT_TYPES),
          )
        }
      >
        {chosen.size === WEBHOOK_EVENT_TYPES.length ? "Clear all" : "Choose all"}
      </Button>
      {error ? (
        <p id="webhook-events-error" role="alert" className="text-danger-ink text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Add an endpoint: its address, a note, and the events it receives. */
export function WebhookFormDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: WebhookSecretResponse) => void;
}) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [chosen, setChosen] = useState<Set<WebhookEventType>>(new Set());
  const { errors, submit } = useCheckedCreate({
    schema: createWebhookEndpointPayloadSchema,
    mutate: create.mutate,
    onCreated: (created: WebhookSecretResponse) => {
      setUrl("");
      setDescription("");
      setChosen(new Set());
      onCreated(created);
    },
    // A 422 without field errors is the URL the server refused (e.g. not public).
    otherErrors: (error) =>
      isApiError(error) && error.status === 422 ? { url: error.message } : null,
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add a webhook endpoint"
      description="Tessera POSTs each chosen event to this address, signed with the endpoint's secret."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="webhook-form" loading={create.isPending}>
            Add endpoint
          </Button>
        </>
      }
    >
      <form
        id="webhook-form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit({ url, description, eventTypes: [...chosen] });
        }}
        noValidate
        className="flex flex-col gap-4"
      >
        <TextInput
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/tessera"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
        />
        <TextInput
          label="Description (optional)"
          placeholder="e.g. Accounting sync"
          value={description}
          maxLength={200}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
        />
        <EventChoices chosen={chosen} onChange={setChosen} error={errors.eventTypes} />
      </form>
    </Modal>
  );
}
