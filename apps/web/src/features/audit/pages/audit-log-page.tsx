import { AUDIT_ACTIONS, AUDIT_MESSAGES, type AuditAction, type AuditRecord } from "@tessera/shared";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Navigate } from "react-router";
import { DownloadButton } from "@/components/download-button";
import { PagedRecords } from "@/components/paged-records";
import { Badge, Button, Select, type TableColumn, TextInput } from "@/components/ui";
import { useCurrentUser } from "@/features/session";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import {
  AUDIT_PAGE_SIZE,
  type AuditFilters,
  downloadAuditLog,
  NO_AUDIT_FILTERS,
  useAuditLog,
} from "../api";
import { describeChange, deviceOf } from "../audit-format";

export const AUDIT_LOG_PATH = "/merchant/audit-log";

const ACTION_OPTIONS = [
  { value: "", label: "All actions" },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];

const ROLE_LABELS: Record<AuditRecord["actorKind"], string> = {
  owner: "Owner",
  staff: "Staff",
  customer: "Customer",
  system: "System",
};

function isAction(value: string): value is AuditAction {
  return value in AUDIT_ACTIONS;
}

/** The filters and the CSV download of the filtered records. */
function AuditFilterForm({
  filters,
  actorOptions,
  datesWrong,
  canDownload,
  onChange: change,
}: {
  filters: AuditFilters;
  actorOptions: { value: string; label: string }[];
  datesWrong: boolean;
  canDownload: boolean;
  onChange: (patch: Partial<AuditFilters>) => void;
}) {
  const filtered = Object.values(filters).some((value) => value !== "");

  return (
    <form
      className="grid grid-cols-2 items-end gap-3 lg:flex lg:flex-wrap"
      aria-label="Audit log filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <Select
        label="Who"
        options={actorOptions}
        value={filters.actorId}
        onChange={(event) => change({ actorId: event.target.value })}
        containerClassName="min-w-0 lg:w-48"
      />
      <Select
        label="Action"
        options={ACTION_OPTIONS}
        value={filters.action}
        onChange={(event) => {
          const value = event.target.value;
          change({ action: isAction(value) ? value : "" });
        }}
        containerClassName="min-w-0 lg:w-64"
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => change({ from: event.target.value })}
        containerClassName="min-w-0 lg:w-44"
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        error={datesWrong ? AUDIT_MESSAGES.dateOrder : undefined}
        onChange={(event) => change({ to: event.target.value })}
        containerClassName="min-w-0 lg:w-44"
      />
      <Button
        type="button"
        variant="secondary"
        onClick={() => change(NO_AUDIT_FILTERS)}
        disabled={!filtered}
        leftIcon={<RotateCcw aria-hidden="true" className="size-4" />}
      >
        Clear filters
      </Button>
      <DownloadButton
        type="button"
        className="lg:ms-auto"
        run={() => downloadAuditLog(filters)}
        disabled={!canDownload}
        busyLabel="Downloading…"
      >
        Download CSV
      </DownloadButton>
    </form>
  );
}

function auditColumns(when: (record: AuditRecord) => string): TableColumn<AuditRecord>[] {
  return [
    { key: "time", header: "Time", cell: when, className: "whitespace-nowrap" },
    {
      key: "actor",
      header: "Who",
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-2">
          {r.actorName}
          <Badge tone={r.actorKind === "owner" ? "info" : "neutral"}>
            {ROLE_LABELS[r.actorKind]}
          </Badge>
        </span>
      ),
    },
    { key: "action", header: "Action", cell: (r) => AUDIT_ACTIONS[r.action] ?? r.action },
    { key: "target", header: "On", cell: (r) => r.targetLabel ?? "—" },
    {
      key: "change",
      header: "Details",
      cell: (r) => <span className="break-words text-fg-muted text-sm">{describeChange(r)}</span>,
      className: "min-w-48 max-w-80",
    },
    {
      key: "from",
      header: "From",
      cell: (r) => (
        <span className="text-fg-muted text-xs">
          <span className="block font-mono">{r.ip ?? "—"}</span>
          <span className="block">{deviceOf(r.userAgent)}</span>
        </span>
      ),
    },
  ];
}

/** `/merchant/audit-log` (owner only): who did what, when and from where; filters and CSV. */
export function AuditLogPage() {
  useDocumentTitle("Audit log");
  const shop = useCurrentShop();
  const user = useCurrentUser();
  const isOwner = user.data?.role === "owner";
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const datesWrong = filters.from !== "" && filters.to !== "" && filters.from > filters.to;
  const log = useAuditLog(filters, page, isOwner && !datesWrong);

  if (user.data && !isOwner) return <Navigate to="/merchant/dashboard" replace />;

  const time = new Intl.DateTimeFormat("en-US", {
    timeZone: shop.timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  const when = (record: AuditRecord) => time.format(new Date(record.createdAt));
  const change = (patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((value) => value !== "");
  const total = log.data?.total ?? 0;
  const rows = log.data?.records ?? [];
  const actorOptions = [
    { value: "", label: "Everyone" },
    ...(log.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];

  const columns = auditColumns(when);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Audit log</h1>
        <p className="mt-1 text-fg-muted">
          Who did what in {shop.name}, when and from where. Records cannot be changed or deleted.
        </p>
      </div>
      <AuditFilterForm
        filters={filters}
        actorOptions={actorOptions}
        datesWrong={datesWrong}
        canDownload={!datesWrong && total > 0 && !log.isPlaceholderData}
        onChange={change}
      />
      <PagedRecords
        label="Audit log"
        noun={["record", "records"]}
        query={log}
        rows={rows}
        total={total}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        onPage={setPage}
        columns={columns}
        getRowKey={(r) => r.id}
        errorTitle={AUDIT_MESSAGES.loadFailed}
        empty={
          filtered
            ? { title: AUDIT_MESSAGES.empty, hint: "Try another person, action or dates." }
            : {
                title: "Nothing recorded yet",
                hint: "Sign-ins, refunds, price changes and counter redemptions will appear here.",
              }
        }
        phone={{
          title: (r) => AUDIT_ACTIONS[r.action] ?? r.action,
          amount: (r) => r.actorName,
          details: (r) =>
            [when(r), r.targetLabel, describeChange(r), r.ip].filter(Boolean).join(" · "),
        }}
      />
    </div>
  );
}
