import {
  type ApiKey,
  type CreateApiKeyResponse,
  createApiKeyPayloadSchema,
  INTEGRATION_MESSAGES,
} from "@tessera/shared";
import { KeyRound, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  Badge,
  Button,
  ConfirmDialog,
  IconButton,
  Select,
  type TableColumn,
  TextInput,
  titledColumn,
} from "@/components/ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api";
import { formatInstant } from "../format";
import { actionsColumn, IntegrationSection, IntegrationTable } from "./integration-table";
import { NewKeyDialog } from "./new-key-dialog";
import { useCheckedCreate } from "./use-checked-create";

const SCOPE_OPTIONS = [
  { value: "read_only", label: "Read-only" },
  { value: "read_write", label: "Read-write" },
] as const;

const scopeLabel = (scope: ApiKey["scope"]) => (scope === "read_only" ? "Read-only" : "Read-write");

/** On a phone the name, access and Revoke fit; the dates wait for a wider screen. */
function instantColumn(
  key: string,
  header: string,
  instant: (k: ApiKey) => string | null,
): TableColumn<ApiKey> {
  return {
    key,
    header,
    cell: (k) => formatInstant(instant(k), "Never"),
    className: "hidden sm:table-cell",
    headerClassName: "hidden sm:table-cell",
  };
}

/** The new-key form: a name and a scope, checked with the API's own schema before sending. */
function CreateKeyForm({ onCreated }: { onCreated: (created: CreateApiKeyResponse) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<string>("read_only");
  const { errors, submit } = useCheckedCreate({
    schema: createApiKeyPayloadSchema,
    mutate: create.mutate,
    onCreated: (created: CreateApiKeyResponse) => {
      setName("");
      onCreated(created);
    },
  });

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit({ name, scope });
      }}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label="Create an API key"
    >
      <TextInput
        label="Key name"
        placeholder="e.g. Website, POS"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        containerClassName="flex-1"
      />
      <Select
        label="Access"
        options={SCOPE_OPTIONS}
        value={scope}
        onChange={(event) => setScope(event.target.value)}
        error={errors.scope}
        containerClassName="sm:w-44"
      />
      <Button type="submit" loading={create.isPending} className="sm:mt-7">
        <KeyRound aria-hidden="true" className="size-4" />
        Create key
      </Button>
    </form>
  );
}

/** API keys: create (shown once), list, revoke after a confirmation. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const columns: TableColumn<ApiKey>[] = [
    titledColumn("name", "Name", "max-w-36 sm:max-w-none", (k) => ({
      title: k.name,
      detail: k.prefix,
      mono: "detail",
    })),
    {
      key: "scope",
      header: "Access",
      cell: (k) => (
        <Badge tone={k.scope === "read_only" ? "neutral" : "warning"}>{scopeLabel(k.scope)}</Badge>
      ),
    },
    instantColumn("created", "Created", (k) => k.createdAt),
    instantColumn("used", "Last used", (k) => k.lastUsedAt),
    actionsColumn((k) => (
      <IconButton aria-label={`Revoke ${k.name}`} size="sm" onClick={() => setRevoking(k)}>
        <Trash2 aria-hidden="true" />
      </IconButton>
    )),
  ];

  return (
    <IntegrationSection
      title="API keys"
      description="Let your website, POS or accounting call Tessera for your shop. A key acts as you, read-only or read-write; it cannot sign in, manage staff or create other keys."
      controls={<CreateKeyForm onCreated={setCreated} />}
      list={
        <IntegrationTable
          query={keys}
          errorMessage={INTEGRATION_MESSAGES.loadFailed}
          caption="API keys"
          columns={columns}
          rows={keys.data?.keys ?? []}
          loadingRows={2}
          empty={{
            title: "No API keys yet",
            hint: "Create one above; it is shown once, so copy it when it appears.",
            icon: <KeyRound aria-hidden="true" />,
          }}
        />
      }
    >
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke "${revoking?.name ?? ""}"?`}
        description="Anything still using this key stops working at once. This cannot be undone."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: (r) => {
              notifySuccess(r.message);
              setRevoking(null);
            },
            onError: (error) => notifyError(error),
          });
        }}
      />
    </IntegrationSection>
  );
}
